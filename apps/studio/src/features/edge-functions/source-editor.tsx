import { useState } from 'react';
import { FileCode2, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { FileNameDialog } from './file-name-dialog.tsx';
import { addFile, deleteFile, renameFile, setFileContent, sortedFiles, type SourceFile } from './function-files.ts';
import { TypeScriptEditor } from './typescript-editor.tsx';

interface SourceEditorProps {
  files: SourceFile[];
  entrypoint: string;
  /** Given an update of the files (as a state setter takes it), so quick edits never overwrite each other. */
  onChange: (update: (files: SourceFile[]) => SourceFile[]) => void;
  isReadOnly?: boolean;
  /**
   * Changes when the files are replaced from outside (a template, a deployed version); the open
   * editors are rebuilt with the new text then, and not on every keystroke.
   */
  revision: string | number;
}

/** A function's files: the list (add, rename, delete; the entrypoint stays) beside the open file's editor. */
export function SourceEditor({ files, entrypoint, onChange, isReadOnly = false, revision }: SourceEditorProps) {
  const [selectedPath, setSelectedPath] = useState(entrypoint);
  const [naming, setNaming] = useState<{ renaming: string | null } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const shown = sortedFiles(files, entrypoint);
  const selected = shown.find((file) => file.path === selectedPath) ?? shown[0];

  function submitName(path: string) {
    if (naming?.renaming) {
      const from = naming.renaming;
      onChange((current) => renameFile(current, from, path));
      if (selected?.path === naming.renaming) setSelectedPath(path);
    } else {
      onChange((current) => addFile(current, path));
      setSelectedPath(path);
    }
  }

  return (
    <div className="flex h-full min-h-0 overflow-hidden rounded-lg border border-line bg-surface" data-testid="function-source-editor">
      <nav aria-label="Files" className="flex w-56 shrink-0 flex-col border-r border-line bg-surface-2/40">
        <div className="flex items-center justify-between border-b border-line px-3 py-2">
          <span className="text-xs font-medium uppercase tracking-wide text-fg-subtle">Files</span>
          {!isReadOnly && (
            <Button size="sm" variant="ghost" icon={<Plus className="size-3.5" />} onClick={() => setNaming({ renaming: null })} aria-label="Add a file">
              Add
            </Button>
          )}
        </div>
        <ul className="min-h-0 flex-1 overflow-y-auto py-1" data-testid="function-file-list">
          {shown.map((file) => {
            const isSelected = file.path === selected?.path;
            const isEntrypoint = file.path === entrypoint;
            return (
              <li
                key={file.path}
                className={cn('group flex items-center', isSelected ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-3/60 hover:text-fg')}
                data-testid="function-file"
                data-path={file.path}
              >
                <button
                  type="button"
                  onClick={() => setSelectedPath(file.path)}
                  aria-current={isSelected ? 'true' : undefined}
                  className="flex min-w-0 flex-1 items-center gap-2 px-3 py-1.5 text-left font-mono text-xs"
                >
                  <FileCode2 className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{file.path}</span>
                  {isEntrypoint && <span className="ml-auto shrink-0 font-sans text-[10px] uppercase text-fg-subtle">entry</span>}
                </button>
                {!isReadOnly && !isEntrypoint && (
                  <span className="flex shrink-0 pr-1 opacity-0 group-hover:opacity-100 group-focus-within:opacity-100">
                    <button type="button" className="rounded p-1 text-fg-subtle hover:text-fg" aria-label={`Rename ${file.path}`} onClick={() => setNaming({ renaming: file.path })}>
                      <Pencil className="size-3" />
                    </button>
                    <button type="button" className="rounded p-1 text-fg-subtle hover:text-danger" aria-label={`Delete ${file.path}`} onClick={() => setDeleting(file.path)}>
                      <Trash2 className="size-3" />
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        {selected && (
          <TypeScriptEditor
            key={`${revision}:${selected.path}`}
            path={selected.path}
            initialValue={selected.content}
            isReadOnly={isReadOnly}
            onChange={(text) => onChange((current) => setFileContent(current, selected.path, text))}
          />
        )}
      </div>
      <FileNameDialog renaming={naming?.renaming ?? null} files={files} open={naming !== null} onOpenChange={(open) => !open && setNaming(null)} onSubmit={submitName} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting ?? ''}`}
        description="The file is removed from the editor; the function changes when you deploy."
        confirmLabel="Delete file"
        variant="danger"
        onConfirm={() => {
          const path = deleting;
          if (path) onChange((current) => deleteFile(current, path));
          setDeleting(null);
        }}
        testId="function-file-delete-dialog"
      />
    </div>
  );
}
