import { type ComponentProps, type ComponentType, createContext, type ReactNode, useContext } from 'react';

// Pages and layout parts shared by the two browser entries read the location and render links through
// this context. The app (main.tsx) fills it from React Router, so its links navigate in place; the public
// site (site.tsx) ships no router: its pages are prerendered documents, so a link is a plain anchor and
// following it loads the next prerendered page. Both render the same <a href> markup.

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

export type Navigation = {
  pathname: string;
  search: string;
  Link: ComponentType<LinkProps>;
  navigate(to: string): void;
};

function DocumentLink({ to, ...props }: LinkProps) {
  return <a href={to} {...props} />;
}

/** Navigation for a page that is its own document: links and navigate() load the next document. */
export function documentNavigation(pathname: string, search = ''): Navigation {
  return {
    pathname,
    search,
    Link: DocumentLink,
    navigate: (to) => window.location.assign(to),
  };
}

const NavigationContext = createContext<Navigation>(documentNavigation('/'));

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

/** A link inside Flowvault: the router's Link in the app, a plain anchor on the public site. */
export function Link(props: LinkProps) {
  const { Link: Impl } = useContext(NavigationContext);
  return <Impl {...props} />;
}
