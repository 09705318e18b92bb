/** The SQL editor's look, matched to the studio's dark palette (src/index.css). */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const theme = EditorView.theme(
  {
    '&': { height: '100%', backgroundColor: 'var(--color-surface)', color: 'var(--color-fg)', fontSize: '13px' },
    '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-brand)', padding: '8px 0' },
    '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6' },
    '.cm-gutters': { backgroundColor: 'var(--color-surface)', color: 'var(--color-fg-subtle)', border: 'none' },
    '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--color-surface-3) 45%, transparent)' },
    '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--color-fg-muted)' },
    '&.cm-focused': { outline: 'none' },
    '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--color-brand)' },
    '.cm-selectionBackground, &.cm-focused .cm-selectionBackground, ::selection': {
      backgroundColor: 'color-mix(in srgb, var(--color-brand) 25%, transparent) !important',
    },
    '.cm-tooltip': { backgroundColor: 'var(--color-surface-2)', border: '1px solid var(--color-line-strong)', color: 'var(--color-fg)' },
    '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--color-surface-3)', color: 'var(--color-fg)' },
    '.cm-completionDetail': { color: 'var(--color-fg-subtle)' },
    '.cm-matchingBracket': { backgroundColor: 'color-mix(in srgb, var(--color-brand) 20%, transparent)' },
    '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, var(--color-warning) 30%, transparent)' },
    '.cm-panels': { backgroundColor: 'var(--color-surface-2)', color: 'var(--color-fg)' },
    '.cm-error-mark': { textDecoration: 'underline wavy var(--color-danger)', textUnderlineOffset: '3px' },
  },
  { dark: true },
);

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.operatorKeyword, t.modifier], color: '#c4a1ff' },
  { tag: t.string, color: '#7ee2a8' },
  // Quoted identifiers ("My Table") are names, not strings.
  { tag: t.special(t.string), color: '#ececef' },
  { tag: [t.number, t.bool, t.null], color: '#f5b451' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: '#6f6f7a', fontStyle: 'italic' },
  { tag: [t.typeName, t.standard(t.name)], color: '#6aa8ff' },
  { tag: [t.function(t.variableName), t.special(t.name)], color: '#7dd3fc' },
  { tag: [t.operator, t.punctuation, t.bracket], color: '#a3a3ad' },
]);

export const editorTheme = [theme, syntaxHighlighting(highlight)];
