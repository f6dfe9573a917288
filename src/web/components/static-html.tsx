import { type ComponentProps, createContext, type ReactNode, useContext, useId } from 'react';

// A public page is prerendered HTML, and most of it needs no JavaScript: text, images, plain links,
// <details>. Hydrating it anyway was most of a slow phone's main-thread work on the landing page and a
// post (Lighthouse mobile TBT ~100–500 ms with it, 0 without). So the site entry (site.tsx) reads the
// server's HTML of each <StaticHtml> before it hydrates and hands it back as the element's innerHTML:
// React leaves an element that sets innerHTML as it is, children and all, and the same HTML stays if the
// element ever renders again. Everywhere else (the server, the app) the children render as usual.

const KeptHtml = createContext<ReadonlyMap<string, string> | null>(null);

/** Provides the HTML read by `readStaticHtml` (null: render the children). */
export function KeptHtmlProvider({
  value,
  children,
}: {
  value: ReadonlyMap<string, string> | null;
  children: ReactNode;
}) {
  return <KeptHtml.Provider value={value}>{children}</KeptHtml.Provider>;
}

/** The prerendered HTML of every <StaticHtml> in `root`, by its id; read before hydrating. */
export function readStaticHtml(root: ParentNode): Map<string, string> {
  const kept = new Map<string, string>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-static]'))
    kept.set(el.dataset.static ?? '', el.innerHTML);
  return kept;
}

type Props = Omit<ComponentProps<'div'>, 'dangerouslySetInnerHTML'> & { children: ReactNode };

/** Content that needs no JavaScript; kept as prerendered on the public site, rendered anywhere else. */
export function StaticHtml({ children, ...props }: Props) {
  // useId gives the same id on the server and in the hydrating browser.
  const id = useId();
  const html = useContext(KeptHtml)?.get(id);
  if (html === undefined)
    return (
      <div data-static={id} {...props}>
        {children}
      </div>
    );
  return (
    <div
      data-static={id}
      {...props}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the very HTML this element was prerendered with
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
