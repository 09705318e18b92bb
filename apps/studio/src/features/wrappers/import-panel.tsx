import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { useImportForeignSchemaMutation } from '../../data/wrappers/wrappers-mutations.ts';
import { errorMessage } from '../../lib/api.ts';

/** "a, b ,c" -> ['a', 'b', 'c']: table names as typed (each is quoted by the server). */
function tableNames(text: string): string[] {
  return text.split(',').map((t) => t.trim()).filter(Boolean);
}

/** IMPORT FOREIGN SCHEMA remote [LIMIT TO (tables)] FROM SERVER server INTO local. */
export function ImportPanel({ projectRef, server, onClose }: { projectRef: string; server: string | null; onClose: () => void }) {
  const [remoteSchema, setRemoteSchema] = useState('public');
  const [localSchema, setLocalSchema] = useState('public');
  const [tables, setTables] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const importSchema = useImportForeignSchemaMutation(projectRef);

  useEffect(() => {
    setRemoteSchema('public');
    setLocalSchema('public');
    setTables('');
    setIsTouched(false);
  }, [server]);

  const remoteError = remoteSchema.trim() === '' ? 'Please provide the remote schema' : null;
  const localError = localSchema.trim() === '' ? 'Please provide the schema to import into' : null;

  function save() {
    setIsTouched(true);
    if (!server || remoteError || localError) return;
    importSchema.mutate({ server, remote_schema: remoteSchema.trim(), local_schema: localSchema.trim(), tables: tableNames(tables) }, {
      onSuccess: () => {
        toast.success(`Successfully imported foreign tables from ${server}`);
        onClose();
      },
      onError: (error) => toast.error(`Failed to import foreign tables: ${errorMessage(error)}`),
    });
  }

  return (
    <SidePanel
      open={server !== null}
      onRequestClose={() => !importSchema.isPending && onClose()}
      title={`Import foreign tables from ${server ?? ''}`}
      description="Creates a foreign table in this project for each remote table, with the remote columns."
      testId="wrappers-import-panel"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={importSchema.isPending}>Cancel</Button>
          <Button variant="primary" isLoading={importSchema.isPending} onClick={save} data-testid="wrappers-import-save">Import</Button>
        </div>
      }
    >
      <div className="space-y-5 px-5 py-5">
        <Field label="Remote schema" error={isTouched ? remoteError : null}>
          {(props) => <Input {...props} value={remoteSchema} onChange={(e) => setRemoteSchema(e.target.value)} className="font-mono" data-testid="wrappers-import-remote-schema" />}
        </Field>
        <Field label="Tables" aside="Optional" description="Comma-separated remote table names; every table of the remote schema when empty.">
          {(props) => <Input {...props} value={tables} onChange={(e) => setTables(e.target.value)} className="font-mono" placeholder="orders, customers" data-testid="wrappers-import-tables" />}
        </Field>
        <Field label="Into schema" error={isTouched ? localError : null} description="An existing schema of this project; foreign tables with the remote names are created there.">
          {(props) => <Input {...props} value={localSchema} onChange={(e) => setLocalSchema(e.target.value)} className="font-mono" data-testid="wrappers-import-local-schema" />}
        </Field>
      </div>
    </SidePanel>
  );
}
