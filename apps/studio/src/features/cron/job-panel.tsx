import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { useAlterCronJobMutation, useScheduleCronJobMutation } from '../../data/cron/cron-mutations.ts';
import type { CronJob } from '../../data/cron/cron-queries.ts';
import { errorMessage } from '../../lib/api.ts';
import { CodeEditor } from '../sql-editor/code-editor.tsx';
import { SCHEDULE_PRESETS, scheduleError, scheduleInWords } from './schedule.ts';

interface JobPanelProps {
  projectRef: string;
  /** 'new' to create a job, a job to edit it, null when closed. */
  job: CronJob | 'new' | null;
  onClose: () => void;
}

/**
 * Creates a job with cron.schedule(name, schedule, command), or changes one with cron.alter_job
 * (its name stays: pg_cron knows a job by name and user).
 */
export function JobPanel({ projectRef, job, onClose }: JobPanelProps) {
  const editing = job !== null && job !== 'new' ? job : null;
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState('');
  const [command, setCommand] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const create = useScheduleCronJobMutation(projectRef);
  const alter = useAlterCronJobMutation(projectRef);
  const isPending = create.isPending || alter.isPending;

  useEffect(() => {
    setName(editing?.jobname ?? '');
    setSchedule(editing?.schedule ?? '*/5 * * * *');
    setCommand(editing?.command ?? '');
    setIsTouched(false);
  }, [job]); // eslint-disable-line react-hooks/exhaustive-deps -- reset when another job is opened

  const nameError = !editing && name.trim() === '' ? 'Please provide a name for your cron job' : null;
  const schedError = scheduleError(schedule);
  const commandError = command.trim() === '' ? 'Please provide the SQL to run' : null;

  function save() {
    setIsTouched(true);
    if (nameError || schedError || commandError) return;
    const done = {
      onSuccess: () => {
        toast.success(editing ? `Successfully updated cron job ${editing.jobname ?? editing.jobid}` : `Successfully created cron job ${name.trim()}`);
        onClose();
      },
      onError: (error: unknown) => toast.error(`Failed to ${editing ? 'update' : 'create'} cron job: ${errorMessage(error)}`),
    };
    if (editing) alter.mutate({ jobid: editing.jobid, schedule: schedule.trim(), command }, done);
    else create.mutate({ name: name.trim(), schedule: schedule.trim(), command }, done);
  }

  return (
    <SidePanel
      open={job !== null}
      onRequestClose={() => !isPending && onClose()}
      title={editing ? `Edit cron job ${editing.jobname ?? editing.jobid}` : 'Create a new cron job'}
      description="Runs SQL on a schedule in this project's database (times in UTC)."
      size="large"
      testId="cron-job-panel"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="primary" isLoading={isPending} onClick={save} data-testid="cron-job-save">
            {editing ? 'Save cron job' : 'Create cron job'}
          </Button>
        </div>
      }
    >
      <div className="space-y-5 px-5 py-5">
        <Field label="Name" error={isTouched ? nameError : null} description={editing ? 'A job keeps its name.' : undefined}>
          {(props) => (
            <Input {...props} autoFocus={!editing} value={name} disabled={!!editing} onChange={(e) => setName(e.target.value)} className="font-mono" data-testid="cron-job-name" />
          )}
        </Field>
        <Field label="Schedule" error={isTouched ? schedError : null} description={schedError ? 'cron syntax or "[1-59] seconds"' : scheduleInWords(schedule)}>
          {(props) => (
            <div className="grid grid-cols-[1fr_14rem] gap-2">
              <Input {...props} value={schedule} onChange={(e) => setSchedule(e.target.value)} className="font-mono" data-testid="cron-job-schedule" />
              <Select
                aria-label="Schedule presets"
                value=""
                onChange={(e) => e.target.value && setSchedule(e.target.value)}
                data-testid="cron-job-preset"
              >
                <option value="">Presets…</option>
                {SCHEDULE_PRESETS.map((preset) => (
                  <option key={preset.schedule} value={preset.schedule}>
                    {preset.label}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </Field>
        <Field label="SQL command" error={isTouched ? commandError : null}>
          {() => (
            <div className="h-56 overflow-hidden rounded-md border border-line" data-testid="cron-job-command">
              {/* Keyed by job: the editor takes its text once, when it is built. */}
              <CodeEditor key={editing?.jobid ?? 'new'} initialValue={editing?.command ?? ''} onChange={setCommand} onRun={save} />
            </div>
          )}
        </Field>
      </div>
    </SidePanel>
  );
}
