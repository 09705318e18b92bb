import { useEffect, useRef } from 'react';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { editorTheme } from '../sql-editor/editor-theme.ts';
import { languageOf } from './function-files.ts';

interface TypeScriptEditorProps {
  /** The file's path: it names the editor for screen readers and picks TypeScript, TSX or JavaScript. */
  path: string;
  initialValue: string;
  onChange: (text: string) => void;
  isReadOnly?: boolean;
}

function languageFor(path: string) {
  const language = languageOf(path);
  if (language === 'text') return [];
  return javascript({ typescript: language === 'typescript' || language === 'tsx', jsx: language === 'tsx' });
}

/**
 * The SQL editor's CodeMirror set-up and theme with the TypeScript language, for one file of a
 * function. The owner remounts it (key) to open another file; Ctrl/Cmd+S and Ctrl/Cmd+Enter are
 * caught by the screen around it, before CodeMirror sees them.
 */
export function TypeScriptEditor({ path, initialValue, onChange, isReadOnly = false }: TypeScriptEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const readOnly = useRef(new Compartment());
  const handlers = useRef({ onChange });
  handlers.current = { onChange };

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
          indentUnit.of('  '),
          EditorState.tabSize.of(2),
          bracketMatching(),
          closeBrackets(),
          highlightSelectionMatches(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, indentWithTab]),
          languageFor(path),
          readOnly.current.of(EditorState.readOnly.of(isReadOnly)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
          EditorView.contentAttributes.of({ 'aria-label': `Code of ${path}`, 'data-testid': 'function-code-input' }),
          editorTheme,
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // One editor per file (the owner keys it by path); later text comes from the user.
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: readOnly.current.reconfigure(EditorState.readOnly.of(isReadOnly)) });
  }, [isReadOnly]);

  return <div ref={hostRef} className="h-full min-h-0 overflow-hidden" data-testid="function-code-editor" />;
}
