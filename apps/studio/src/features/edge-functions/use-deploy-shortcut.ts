import { useCallback, type KeyboardEvent } from 'react';

/**
 * Ctrl/Cmd+S and Ctrl/Cmd+Enter deploy, wherever the focus is inside the editor screen. Handled in
 * the capture phase so the browser's "Save page" and CodeMirror's "insert blank line" never run.
 */
export function useDeployShortcut(deploy: () => void, isEnabled: boolean) {
  return useCallback(
    (event: KeyboardEvent) => {
      const isShortcut = (event.ctrlKey || event.metaKey) && !event.altKey && (event.key === 'Enter' || event.key.toLowerCase() === 's');
      if (!isShortcut) return;
      event.preventDefault();
      event.stopPropagation();
      if (isEnabled) deploy();
    },
    [deploy, isEnabled],
  );
}
