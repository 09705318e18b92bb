import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { useFunctionsQuery } from '../../data/edge-functions/functions-query.ts';
import { useProjectSettingsQuery } from '../../data/projects/project-settings-query.ts';
import { useTablesQuery } from '../../data/tables/tables-query.ts';
import { useSaveHookMutation } from '../../data/webhooks/webhooks-mutations.ts';
import type { Hook } from '../../data/webhooks/webhooks-queries.ts';
import { HOOK_EVENTS, type HookEvent } from '../../data/webhooks/webhooks-sql.ts';
import { errorMessage } from '../../lib/api.ts';
import { isProtectedSchema } from '../database/shared/schema-lock.ts';
import { functionUrl, useFunctionsBaseUrl } from '../edge-functions/function-url.ts';
import { KeyValueRows, toRecord, toRows, type KeyValue } from './key-value-rows.tsx';

type HookType = 'http' | 'function';
const TYPES = [{ value: 'http', label: 'HTTP Request' }, { value: 'function', label: 'Supabase Edge Functions' }] as const;
const EVENT_LABELS: Record<HookEvent, string> = { INSERT: 'Insert', UPDATE: 'Update', DELETE: 'Delete' };
const EVENT_HINTS: Record<HookEvent, string> = { INSERT: 'Any insert operation on the table', UPDATE: 'Any update operation, of any column in the table', DELETE: 'Any deletion of a record' };

interface HookPanelProps {
  projectRef: string;
  /** 'new' to create a hook, a hook to edit it, null when closed. */
  hook: Hook | 'new' | null;
  onClose: () => void;
}

/**
 * Creates or replaces a webhook: a trigger executing supabase_functions.http_request with the URL,
 * method, headers, parameters and time-out given here. The Edge Function type calls one of the
 * project's functions at its URL, with the service role key as its Authorization header, as Supabase's
 * studio does.
 */
export function HookPanel({ projectRef, hook, onClose }: HookPanelProps) {
  const editing = hook !== null && hook !== 'new' ? hook : null;
  const tables = useTablesQuery(projectRef, ALL_SCHEMAS, { enabled: hook !== null });
  const functions = useFunctionsQuery(hook !== null ? projectRef : undefined);
  const settings = useProjectSettingsQuery(projectRef);
  const functionsBase = useFunctionsBaseUrl(projectRef);
  const save = useSaveHookMutation(projectRef);

  const [name, setName] = useState('');
  const [table, setTable] = useState('');
  const [events, setEvents] = useState<HookEvent[]>([]);
  const [type, setType] = useState<HookType>('http');
  const [method, setMethod] = useState<'GET' | 'POST'>('POST');
  const [url, setUrl] = useState('');
  const [slug, setSlug] = useState('');
  const [timeout, setTimeoutMs] = useState('5000');
  const [headers, setHeaders] = useState<KeyValue[]>([]);
  const [params, setParams] = useState<KeyValue[]>([]);
  const [isTouched, setIsTouched] = useState(false);

  useEffect(() => {
    const isFunction = !!editing && editing.url.startsWith(`${functionsBase}/`);
    setName(editing?.name ?? '');
    setTable(editing ? `${editing.schema}.${editing.table}` : '');
    setEvents(editing?.events ?? []);
    setType(isFunction ? 'function' : 'http');
    setMethod(editing?.method ?? 'POST');
    setUrl(editing?.url ?? '');
    setSlug(isFunction ? decodeURIComponent(editing.url.slice(functionsBase.length + 1)) : '');
    setTimeoutMs(String(editing?.timeoutMs ?? 5000));
    setHeaders(editing ? toRows(editing.headers) : [{ key: 'Content-type', value: 'application/json' }]);
    setParams(editing ? toRows(editing.params) : []);
    setIsTouched(false);
  }, [hook]); // eslint-disable-line react-hooks/exhaustive-deps -- reset when another hook is opened

  const tableOptions = useMemo(
    () => (tables.data ?? []).filter((t) => !isProtectedSchema(t.schema)).map((t) => `${t.schema}.${t.name}`),
    [tables.data],
  );
  const serviceKey = settings.data?.autoApiService.serviceApiKey ?? '';

  function chooseType(next: HookType) {
    setType(next);
    if (next === 'function') {
      setMethod('POST');
      // As Supabase: the function is called with the service role key.
      if (serviceKey && !headers.some((h) => h.key.toLowerCase() === 'authorization')) setHeaders([...headers, { key: 'Authorization', value: `Bearer ${serviceKey}` }]);
    }
  }

  const targetUrl = type === 'function' ? (slug ? functionUrl(functionsBase, slug) : '') : url.trim();
  const timeoutMs = Number(timeout);
  const errors = {
    name: name.trim() === '' ? 'Please provide a name for your webhook' : null,
    table: table === '' ? 'Please select a table for which your webhook will trigger from' : null,
    events: events.length === 0 ? 'Please select at least one event' : null,
    url: type === 'function'
      ? (slug === '' ? 'Please select an edge function' : null)
      : !/^https?:\/\/\S+$/i.test(targetUrl) ? 'Please provide a URL starting with http:// or https://' : null,
    timeout: !Number.isInteger(timeoutMs) || timeoutMs < 1000 || timeoutMs > 10000 ? 'Timeout should be between 1000ms and 10,000ms' : null,
  };

  function submit() {
    setIsTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    const dot = table.indexOf('.');
    const definition = {
      name: name.trim(), schema: table.slice(0, dot), table: table.slice(dot + 1), events, method, url: targetUrl,
      headers: toRecord(headers), params: toRecord(params), timeoutMs,
    };
    save.mutate(
      { hook: definition, previous: editing ?? undefined },
      {
        onSuccess: () => {
          toast.success(`Successfully ${editing ? 'updated' : 'created'} webhook ${definition.name}`);
          onClose();
        },
        onError: (error) => toast.error(`Failed to ${editing ? 'update' : 'create'} webhook: ${errorMessage(error)}`),
      },
    );
  }

  const show = (error: string | null) => (isTouched ? error : null);
  return (
    <SidePanel
      open={hook !== null}
      onRequestClose={() => !save.isPending && onClose()}
      title={editing ? `Update webhook ${editing.name}` : 'Create a new database webhook'}
      description="Sends an HTTP request when rows of a table change, after the change commits."
      size="large"
      testId="hook-panel"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>Cancel</Button>
          <Button variant="primary" isLoading={save.isPending} onClick={submit} data-testid="hook-save">
            {editing ? 'Update webhook' : 'Create webhook'}
          </Button>
        </div>
      }
    >
      <div className="space-y-5 px-5 py-5">
        <Field label="Name" error={show(errors.name)} description="Do not use spaces/whitespaces">
          {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} className="font-mono" data-testid="hook-name" />}
        </Field>
        <Field label="Table" error={show(errors.table)} description="Select which table to trigger your webhook on">
          {(props) => (
            <Select {...props} value={table} onChange={(e) => setTable(e.target.value)} data-testid="hook-table">
              <option value="">{tables.isLoading ? 'Loading tables…' : '---'}</option>
              {tableOptions.map((option) => <option key={option} value={option}>{option}</option>)}
            </Select>
          )}
        </Field>
        <fieldset className="space-y-2" data-testid="hook-events">
          <legend className="mb-1.5 text-sm font-medium text-fg">Events</legend>
          {HOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={events.includes(event)}
                onChange={(e) => setEvents(e.target.checked ? [...events, event] : events.filter((x) => x !== event))}
                data-testid={`hook-event-${event.toLowerCase()}`}
              />
              <span>
                {EVENT_LABELS[event]}
                <span className="block text-xs text-fg-subtle">{EVENT_HINTS[event]}</span>
              </span>
            </label>
          ))}
          {show(errors.events) && <p role="alert" className="text-xs text-danger">{errors.events}</p>}
        </fieldset>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-fg">Webhook configuration</p>
          <SegmentedControl label="Type of webhook" options={TYPES} value={type} onChange={chooseType} />
        </div>
        {type === 'http' ? (
          <div className="grid grid-cols-[8rem_1fr] gap-3">
            <Field label="Method">
              {(props) => (
                <Select {...props} value={method} onChange={(e) => setMethod(e.target.value === 'GET' ? 'GET' : 'POST')} data-testid="hook-method">
                  <option value="POST">POST</option>
                  <option value="GET">GET</option>
                </Select>
              )}
            </Field>
            <Field label="URL" error={show(errors.url)} description="URL of the HTTP request. Must include HTTP/HTTPS">
              {(props) => <Input {...props} value={url} placeholder="http://api.com/path/resource" onChange={(e) => setUrl(e.target.value)} className="font-mono" data-testid="hook-url" />}
            </Field>
          </div>
        ) : (
          <Field label="Edge Function" error={show(errors.url)} description={slug ? targetUrl : 'Select which edge function to trigger'}>
            {(props) => (
              <Select {...props} value={slug} onChange={(e) => setSlug(e.target.value)} data-testid="hook-function">
                <option value="">{functions.isLoading ? 'Loading functions…' : (functions.data?.length ?? 0) === 0 ? 'No edge functions deployed yet' : '---'}</option>
                {(functions.data ?? []).map((fn) => <option key={fn.slug} value={fn.slug}>{fn.name}</option>)}
              </Select>
            )}
          </Field>
        )}
        <Field label="Timeout" error={show(errors.timeout)} description="Between 1000ms to 10,000ms" aside="ms">
          {(props) => <Input {...props} type="number" min={1000} max={10000} step={100} value={timeout} onChange={(e) => setTimeoutMs(e.target.value)} data-testid="hook-timeout" />}
        </Field>
        <KeyValueRows label="HTTP Headers" rows={headers} onChange={setHeaders} addLabel="Add a new header" testId="hook-headers" />
        <KeyValueRows label="HTTP Parameters" rows={params} onChange={setParams} addLabel="Add a new parameter" testId="hook-params" />
      </div>
    </SidePanel>
  );
}
