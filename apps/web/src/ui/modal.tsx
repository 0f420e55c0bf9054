import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  /** Esc, the close icon and (when allowed) a mask click call this. Without it the modal only closes from its own buttons. */
  onClose?: (() => void) | undefined;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children: ReactNode;
  footer?: ReactNode;
  placement: 'center' | 'bottom';
  size?: 'sm' | 'md' | 'lg';
  closeOnMask?: boolean;
  showClose?: boolean;
  testId?: string;
  className?: string;
}

/** Open modals, innermost last: Esc and the focus trap belong to the top one only. */
const stack: symbol[] = [];

/**
 * The base of Dialog and BottomSheet: portal, role=dialog + aria-modal, focus moved in and
 * restored on close, Tab kept inside, Esc closes, background scroll locked.
 */
export function Modal(props: ModalProps) {
  const { open, onClose, placement, size = 'md', closeOnMask = placement === 'bottom', showClose = true } = props;
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const token = Symbol('modal');
    stack.push(token);
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const target = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    target?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (stack.at(-1) !== token || !panel) return;
      if (event.key === 'Escape') {
        if (onCloseRef.current) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items.at(-1)!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const index = stack.indexOf(token);
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;
  const labelled = props.title ? { 'aria-labelledby': titleId } : { 'aria-label': props.ariaLabel };
  return createPortal(
    <div className={`${styles.root} ${placement === 'bottom' ? styles.bottom : styles.center}`}>
      <div className={styles.mask} aria-hidden="true" onClick={closeOnMask ? onClose : undefined} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        {...labelled}
        tabIndex={-1}
        data-testid={props.testId}
        className={`${styles.panel} ${styles[size]} ${props.className ?? ''}`}
      >
        {(props.title || (showClose && onClose)) && (
          <div className={styles.header}>
            {props.title && (
              <h2 id={titleId} className={styles.title}>
                {props.title}
              </h2>
            )}
            {showClose && onClose && (
              <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
        )}
        <div className={styles.body}>{props.children}</div>
        {props.footer && <div className={styles.footer}>{props.footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

type PublicProps = Omit<ModalProps, 'placement'>;

export function Dialog(props: PublicProps) {
  return <Modal {...props} placement="center" />;
}

export function BottomSheet(props: PublicProps) {
  return <Modal {...props} placement="bottom" />;
}
