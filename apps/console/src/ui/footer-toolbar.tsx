import type { ReactNode } from 'react';

/**
 * A bar stuck to the bottom of the content area while it is shown, like Ant Design Pro's
 * FooterToolbar (not a dependency here): the bulk actions over selected rows stay in reach however
 * far the list is scrolled (decision 063). Placed after the list it acts on; sticky, so it never
 * covers the menu and ends where the page ends.
 */
export function FooterToolbar(props: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="footer-toolbar" role="region" aria-label={props.label} data-testid={props.testId}>
      {props.children}
    </div>
  );
}
