import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate, useRouter, type NavigateOptions } from './router.tsx';

// Apart from the router (like nav-link.tsx): the home's own script renders no link; its footer and
// report entry are in the home's extras chunk, so this stays out of the home route's script (decision 011).

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & {
    to: string;
    /** A full page load instead of a client-side navigation. */
    reloadDocument?: boolean;
  };

/** Ctrl-, shift- or middle-clicks and other targets keep the browser's own behaviour. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && (!target || target === '_self');
}

export function Link({ to, replace, state, reloadDocument, onClick, ...anchor }: LinkProps) {
  const { history } = useRouter();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || !isPlainClick(event)) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...anchor} href={history.href(to)} onClick={handleClick} />;
}
