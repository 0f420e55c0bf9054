import type { ReactNode } from 'react';
import { NavLink } from '../../router/nav-link.tsx';
import { useFixedBottomBar } from '../../ui/fixed-bottom-bar.ts';
import styles from './corp-tab-bar.module.css';

/** The official-account variant's bottom tabs (docs/product/screens.md#account): home and my. */
export function CorpTabBar() {
  useFixedBottomBar('calc(60px + env(safe-area-inset-bottom))');
  const className = ({ isActive }: { isActive: boolean }) => `${styles.tab} ${isActive ? styles.active : ''}`;
  return (
    <nav className={styles.bar} aria-label="底部导航" data-testid="corp-tabs">
      <NavLink to="/" end className={className} data-testid="tab-home">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <span>首页</span>
      </NavLink>
      <NavLink to="/my" className={className} data-testid="tab-my">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span>我的</span>
      </NavLink>
    </nav>
  );
}

/** Leaves room under a page for the fixed tab bar. */
export function WithCorpTabs({ children }: { children: ReactNode }) {
  return (
    <div className={styles.withTabs}>
      {children}
      <CorpTabBar />
    </div>
  );
}
