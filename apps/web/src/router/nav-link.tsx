import { Link, type LinkProps } from './link.tsx';
import { matchesPath, useLocation } from './router.tsx';

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className?: string | ((status: { isActive: boolean }) => string);
};

/** A link that knows whether it points at the current page (aria-current="page" when it does); only the corp tab bar uses it. */
export function NavLink({ to, end, className, ...link }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = to.length > 1 ? to.replace(/\/+$/, '') : to;
  const isActive = matchesPath(target, pathname) || (!end && target !== '/' && pathname.toLowerCase().startsWith(`${target.toLowerCase()}/`));
  return (
    <Link
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
