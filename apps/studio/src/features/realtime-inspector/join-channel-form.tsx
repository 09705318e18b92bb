import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Radio } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { usePublicationsQuery } from '../../data/publications/publications-query.ts';
import { realtimePublicationOf } from '../../data/realtime/realtime-publication.ts';
import { useSchemaNames } from '../../data/schemas/schemas-query.ts';
import type { JoinSettings } from './inspector-connection.ts';
import type { ListenRole } from './listen-as.ts';
import { validateChannelName } from './realtime-messages.ts';
import { UserPicker, type PickedUser } from './user-picker.tsx';

const ALL = '*';

const VISIBILITY_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
] as const;

const ROLE_OPTIONS: readonly { value: ListenRole; label: string }[] = [
  { value: 'service_role', label: 'service_role (sees every change)' },
  { value: 'anon', label: 'anon (a signed-out visitor)' },
  { value: 'authenticated', label: 'An authenticated user' },
];

interface JoinChannelFormProps {
  projectRef: string;
  /** The channel last joined: the form starts from it after leaving. */
  initial: JoinSettings | null;
  /** From the Realtime settings; undefined while they load. */
  isPublicAllowed: boolean | undefined;
  onJoin: (settings: JoinSettings) => void;
}

/** "Join a channel": its name, public or private, whom to listen as, and which database changes. */
export function JoinChannelForm({ projectRef, initial, isPublicAllowed, onJoin }: JoinChannelFormProps) {
  const [channel, setChannel] = useState(initial?.channel ?? '');
  const [isPrivate, setIsPrivate] = useState(initial?.isPrivate ?? isPublicAllowed === false);
  const [role, setRole] = useState<ListenRole>(initial?.listenAs.role ?? 'service_role');
  const [user, setUser] = useState<PickedUser | null>(initial?.listenAs.userId ? { id: initial.listenAs.userId, label: initial.listenAs.userLabel ?? initial.listenAs.userId } : null);
  const [withChanges, setWithChanges] = useState(initial ? initial.changes !== null : true);
  const [schema, setSchema] = useState(initial?.changes?.schema ?? ALL);
  const [table, setTable] = useState(initial?.changes?.table ?? ALL);
  const [error, setError] = useState<string | null>(null);
  const schemas = useSchemaNames(projectRef);
  const publications = usePublicationsQuery(projectRef);
  const publication = realtimePublicationOf(publications.data);
  const publishedTables = (publication?.tables ?? []).filter((entry) => schema === ALL || entry.schema === schema);

  function submit(event: FormEvent) {
    event.preventDefault();
    const channelError = validateChannelName(channel);
    if (channelError) return setError(channelError);
    if (role === 'authenticated' && !user) return setError('Choose the user to listen as');
    setError(null);
    onJoin({
      channel,
      isPrivate,
      listenAs: role === 'authenticated' && user ? { role, userId: user.id, userLabel: user.label } : { role },
      changes: withChanges ? { schema, table: schema === ALL || table === ALL ? null : table } : null,
    });
  }

  return (
    <form onSubmit={submit} className="mx-auto w-full max-w-2xl space-y-5 rounded-lg border border-line bg-surface p-6" data-testid="realtime-join-form" aria-labelledby="realtime-join-title" noValidate>
      <div className="space-y-1">
        <h2 id="realtime-join-title" className="flex items-center gap-2 text-base font-semibold text-fg">
          <Radio className="size-4 text-brand" aria-hidden /> Join a channel
        </h2>
        <p className="text-sm text-fg-muted">Listen on a channel as your app would: its broadcasts, who is present, and the database changes the chosen role may read.</p>
      </div>
      <Field label="Channel name" error={error} description="The name your app passes to supabase.channel(), for example room-1.">
        {(props) => <Input {...props} value={channel} onChange={(event) => setChannel(event.target.value)} placeholder="room-1" autoComplete="off" autoFocus />}
      </Field>
      <div className="space-y-1.5">
        <span className="text-sm font-medium text-fg">Channel type</span>
        <div className="flex flex-wrap items-center gap-3">
          <SegmentedControl label="Channel type" options={VISIBILITY_OPTIONS} value={isPrivate ? 'private' : 'public'} onChange={(value) => setIsPrivate(value === 'private')} />
          <span className="text-xs text-fg-subtle">
            {isPrivate ? 'Authorised by RLS policies on realtime.messages.' : isPublicAllowed === false ? 'Public channels are turned off in the Realtime settings: the join will be refused.' : 'Anyone with the project URL and key may join.'}
          </span>
        </div>
      </div>
      <Field label="Listen as">
        {(props) => (
          <Select {...props} value={role} onChange={(event) => setRole(event.target.value as ListenRole)}>
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {role === 'authenticated' && <UserPicker projectRef={projectRef} value={user} onChange={setUser} />}
      <fieldset className="space-y-3">
        <legend className="sr-only">Database changes</legend>
        <label className="flex items-center gap-2 text-sm font-medium text-fg">
          <input type="checkbox" className="accent-brand" checked={withChanges} onChange={(event) => setWithChanges(event.target.checked)} />
          Listen to database changes
        </label>
        {withChanges && (
          <div className="flex flex-wrap gap-3 pl-6">
            <Select className="h-8 w-48" aria-label="Schema" value={schema} onChange={(event) => (setSchema(event.target.value), setTable(ALL))}>
              <option value={ALL}>All schemas</option>
              {schemas.names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
            <Select className="h-8 w-56" aria-label="Table" value={table} disabled={schema === ALL} onChange={(event) => setTable(event.target.value)}>
              <option value={ALL}>All tables</option>
              {publishedTables.map((entry) => (
                <option key={`${entry.schema}.${entry.name}`} value={entry.name}>
                  {entry.name}
                </option>
              ))}
            </Select>
            {publications.data && (
            <p className="w-full text-xs text-fg-subtle" data-testid="realtime-published-note">
              {publication && publication.tables === null
                ? 'Every table sends its changes (the supabase_realtime publication is for all tables).'
                : publication?.tables?.length
                  ? `Tables with Realtime on: ${publication.tables.map((entry) => `${entry.schema}.${entry.name}`).join(', ')}.`
                  : 'No table has Realtime on yet: turn it on for a table in the '}
              {!publication?.tables?.length && publication?.tables !== null && (
                <Link to={`/project/${projectRef}/editor`} className="text-brand underline-offset-2 hover:underline">
                  Table Editor
                </Link>
              )}
            </p>
            )}
          </div>
        )}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" icon={<Radio className="size-3.5" />}>
          Join channel
        </Button>
      </div>
    </form>
  );
}
