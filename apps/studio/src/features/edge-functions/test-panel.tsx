import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import type { EdgeFunction } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { useFunctionTestMutation } from '../../data/edge-functions/function-test-mutation.ts';
import { UserPicker, type PickedUser } from '../realtime-inspector/user-picker.tsx';
import { HeaderRows } from './header-rows.tsx';
import { INITIAL_TEST_FORM, methodHasBody, TEST_METHODS, testBodyOf, testFormProblem, type BodyKind, type TestForm, type TestMethod, type TestRole } from './test-request.ts';
import { TestResponseView } from './test-response-view.tsx';

const ROLES: { value: TestRole; label: string }[] = [
  { value: 'anon', label: 'anon (the anon key)' },
  { value: 'authenticated', label: 'authenticated (a project user)' },
  { value: 'service_role', label: 'service_role (bypasses RLS)' },
];

/** Invokes the function once through its real URL, as a role or a user, and shows what came back. */
export function TestPanel({ projectRef, fn, url, onClose }: { projectRef: string; fn: EdgeFunction; url: string; onClose: () => void }) {
  const [form, setForm] = useState<TestForm>(INITIAL_TEST_FORM);
  const [user, setUser] = useState<PickedUser | null>(null);
  const test = useFunctionTestMutation(projectRef, fn.slug);
  const set = (change: Partial<TestForm>) => setForm((current) => ({ ...current, ...change }));
  const problem = testFormProblem(form);

  function send(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    test.mutate(testBodyOf(form));
  }

  return (
    <SidePanel open onRequestClose={onClose} title={`Test ${fn.name}`} description="Sends one request through the function's URL, as it would arrive from a client." size="large" testId="function-test-panel">
      <form onSubmit={send} className="space-y-5 px-5 py-5">
        <div className="flex items-end gap-2">
          <Field label="Method" className="w-32 shrink-0">
            {(props) => (
              <Select {...props} value={form.method} onChange={(event) => set({ method: event.target.value as TestMethod })}>
                {TEST_METHODS.map((method) => (
                  <option key={method}>{method}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Path" className="min-w-0 flex-1" description={<span className="break-all font-mono">{url}{form.path.trim()}</span>}>
            {(props) => <Input {...props} className="font-mono" placeholder="/optional/path?query=1" value={form.path} onChange={(event) => set({ path: event.target.value })} />}
          </Field>
        </div>

        <div className="space-y-2">
          <Field label="Invoke as" description={fn.verify_jwt ? 'The request carries a JWT for this role.' : 'This function does not verify JWTs; the role is sent all the same.'}>
            {(props) => (
              <Select {...props} value={form.role} onChange={(event) => set({ role: event.target.value as TestRole })} data-testid="function-test-role">
                {ROLES.map((role) => (
                  <option key={role.value} value={role.value}>
                    {role.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {form.role === 'authenticated' && (
            <UserPicker
              projectRef={projectRef}
              value={user}
              onChange={(picked) => {
                setUser(picked);
                set({ userId: picked?.id ?? '' });
              }}
            />
          )}
        </div>

        <div className="space-y-1.5">
          <p className="text-sm font-medium text-fg">Headers</p>
          <p className="text-xs text-fg-subtle">Authorization and apikey are set for the role chosen above.</p>
          <HeaderRows rows={form.headers} onChange={(headers) => set({ headers })} />
        </div>

        {methodHasBody(form.method) && (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between">
              <label htmlFor="function-test-body" className="text-sm font-medium text-fg">
                Body
              </label>
              <SegmentedControl<BodyKind>
                label="Body type"
                options={[
                  { value: 'json', label: 'JSON' },
                  { value: 'text', label: 'Text' },
                ]}
                value={form.bodyKind}
                onChange={(bodyKind) => set({ bodyKind })}
              />
            </div>
            <Textarea id="function-test-body" className="min-h-32 font-mono text-xs" spellCheck={false} value={form.body} onChange={(event) => set({ body: event.target.value })} data-testid="function-test-body" />
          </div>
        )}

        <div className="flex items-center justify-end gap-3">
          {problem && (
            <p role="alert" className="mr-auto text-xs text-danger">
              {problem}
            </p>
          )}
          <Button type="submit" variant="primary" icon={<Send className="size-3.5" />} isLoading={test.isPending} disabled={!!problem} data-testid="function-test-send">
            Send request
          </Button>
        </div>

        {test.isError && <ErrorState error={test.error} title="The request could not be sent" />}
        {test.data && !test.isPending && <TestResponseView result={test.data} />}
      </form>
    </SidePanel>
  );
}
