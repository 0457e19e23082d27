import { useCallback, useRef, type DependencyList } from "react";
import type { Behaviour } from "./behaviour";

/**
 * A ref that runs a behaviour on its element once React has put it in the page, and undoes it
 * before the element goes (or is replaced, or `deps` change). The component renders only the
 * markup the server sends without JavaScript, with its data attributes. A callback ref rather
 * than an effect: an element React replaces (a new `key`) is enhanced again, and the undoing
 * runs while the element is still in the page.
 */
export function useBehaviour<T extends Element = HTMLElement>(behaviour: Behaviour, deps: DependencyList = []) {
  const undo = useRef<(() => void) | null>(null);
  return useCallback(
    (element: T | null) => {
      undo.current?.();
      undo.current = element ? behaviour(element) : null;
    },
    [behaviour, ...deps], // eslint-disable-line react-hooks/exhaustive-deps
  );
}
