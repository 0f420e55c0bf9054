/** Inline icons: decorative (aria-hidden); the button around them carries the name. */
interface IconProps {
  size?: number;
  className?: string;
}

const base = (size: number, className?: string) => ({
  viewBox: '0 0 24 24',
  width: size,
  height: size,
  'aria-hidden': true as const,
  focusable: false as const,
  ...(className ? { className } : {}),
});

export function ClearIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.35" />
      <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function EditIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M13.5 6.5l4 4" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

export function SearchIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function ChevronRightIcon({ size = 16, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ShieldIcon({ size = 20, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <path d="M12 2.5l8 3v6c0 5-3.4 8.7-8 10-4.6-1.3-8-5-8-10v-6l8-3z" fill="currentColor" opacity="0.15" />
      <path d="M12 2.5l8 3v6c0 5-3.4 8.7-8 10-4.6-1.3-8-5-8-10v-6l8-3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function InfoIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 10.5v6M12 7.2v.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function WeixinIcon({ size = 22, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <rect width="24" height="24" rx="5" fill="#1AAD19" />
      <path
        d="M9.6 5.5c-3 0-5.4 2-5.4 4.5 0 1.4.8 2.7 2 3.5l-.5 1.6 1.9-1a6.4 6.4 0 0 0 2 .3h.3a3.9 3.9 0 0 1-.1-1c0-2.4 2.3-4.3 5.1-4.3h.3c-.5-2-2.8-3.6-5.6-3.6z"
        fill="#fff"
      />
      <path
        d="M19.8 13.4c0-2-2-3.7-4.4-3.7s-4.4 1.7-4.4 3.7 2 3.7 4.4 3.7c.5 0 1-.1 1.5-.2l1.5.8-.4-1.3c1.1-.7 1.8-1.8 1.8-3z"
        fill="#fff"
      />
    </svg>
  );
}

export function AlipayIcon({ size = 22, className }: IconProps) {
  return (
    <svg {...base(size, className)}>
      <rect width="24" height="24" rx="5" fill="#1677FF" />
      <path d="M6 8h12M12 5.5V8M8 11h8c-.8 3-3.3 5.6-8.5 7.2M10 13.5c2.5 1.5 5.6 3 8 3.6" stroke="#fff" strokeWidth="1.7" fill="none" strokeLinecap="round" />
    </svg>
  );
}
