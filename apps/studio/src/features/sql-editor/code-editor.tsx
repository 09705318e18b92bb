import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorSelection, EditorState, Prec } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder } from '@codemirror/view';
import type { CompletionSchema } from '../../data/sql/completion-schema-query.ts';
import { editorTheme } from './editor-theme.ts';

export interface CodeEditorHandle {
  getText(): string;
  /** The selected text and where it starts; an empty selection has `text` ''. */
  getSelection(): { from: number; to: number; text: string };
  getCursor(): number;
  /** Replaces the whole text as one undoable change. */
  setText(text: string): void;
  select(from: number, to?: number): void;
  focus(): void;
}

interface CodeEditorProps {
  ref?: Ref<CodeEditorHandle>;
  initialValue: string;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: () => void;
  completionSchema?: CompletionSchema;
  isReadOnly?: boolean;
}

function languageFor(schema: CompletionSchema | undefined) {
  return sql({ dialect: PostgreSQL, schema: schema ?? {}, defaultSchema: 'public' });
}

/** CodeMirror 6 with PostgreSQL highlighting and completion from the project's own tables and columns. */
export function CodeEditor({ ref, initialValue, onChange, onRun, completionSchema, isReadOnly = false }: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const readOnly = useRef(new Compartment());
  // Callbacks change every render; the editor is built once and reads the latest through refs.
  const handlers = useRef({ onChange, onRun });
  handlers.current = { onChange, onRun };

  useEffect(() => {
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion({ activateOnTyping: true, icons: false }),
          highlightSelectionMatches(),
          placeholder('Write SQL here, then press Ctrl+Enter (Cmd+Enter on a Mac) to run it.'),
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (handlers.current.onRun(), true) }])),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          language.current.of(languageFor(undefined)),
          readOnly.current.of(EditorState.readOnly.of(false)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ 'aria-label': 'SQL editor', 'data-testid': 'sql-editor-input' }),
          editorTheme,
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The initial text is read once; later text comes from the user or setText().
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: language.current.reconfigure(languageFor(completionSchema)) });
  }, [completionSchema]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: readOnly.current.reconfigure(EditorState.readOnly.of(isReadOnly)) });
  }, [isReadOnly]);

  useImperativeHandle(ref, () => ({
    getText: () => viewRef.current?.state.doc.toString() ?? '',
    getSelection: () => {
      const state = viewRef.current?.state;
      if (!state) return { from: 0, to: 0, text: '' };
      const { from, to } = state.selection.main;
      return { from, to, text: state.sliceDoc(from, to) };
    },
    getCursor: () => viewRef.current?.state.selection.main.head ?? 0,
    setText: (text) => {
      const view = viewRef.current;
      if (view) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    select: (from, to = from) => {
      const view = viewRef.current;
      if (!view) return;
      const length = view.state.doc.length;
      const range = EditorSelection.range(Math.min(from, length), Math.min(to, length));
      view.dispatch({ selection: EditorSelection.create([range]), scrollIntoView: true });
      view.focus();
    },
    focus: () => viewRef.current?.focus(),
  }), []);

  return <div ref={hostRef} className="h-full min-h-0 overflow-hidden" data-testid="sql-editor" />;
}
