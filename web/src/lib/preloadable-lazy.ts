// React.lazy whose code can be asked for ahead of the render, and which does not suspend once
// that code is here.
//
// Why (issue 27): a lazy component suspends on its first render even when its module arrived
// long ago (React waits for the import's promise), and once a Suspense fallback has been shown,
// React holds back the content that replaces it for up to 300 ms so screens do not flicker. On a
// cold start that put the screen a third of a second after its code and data were ready. When
// the module is already loaded, the factory below hands React a thenable that answers at once,
// so the component renders in the same pass, with no fallback.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** A module whose default export is a component (and maybe more, e.g. a screen's preloadData). */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself takes
type Loaded = { default: ComponentType<any> };

export interface PreloadableLazy<M extends Loaded> {
  Component: LazyExoticComponent<M["default"]>;
  /** Starts loading the code (once); resolves with the module when it is here. */
  preload(): Promise<M>;
}

export function preloadableLazy<M extends Loaded>(load: () => Promise<M>): PreloadableLazy<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A failed download may be tried again (the next render, or the next preload).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    const ready = loaded;
    // A thenable that calls back at once: React takes the module in this very render.
    // biome-ignore lint/suspicious/noThenProperty: a thenable is exactly what React.lazy's factory returns
    if (ready) return { then: (resolve: (m: M) => void) => resolve(ready) } as unknown as Promise<M>;
    return start();
  });
  return { Component, preload: start };
}
