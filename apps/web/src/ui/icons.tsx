/**
 * Inline icons: decorative (aria-hidden); the button around them carries the name. The home's first
 * paint shows these; the others are in action-icons.tsx, out of the home route's script (decision 011).
 */
export interface IconProps {
  size?: number;
  className?: string;
}

export const iconSvgProps = (size: number, className?: string) => ({
  viewBox: '0 0 24 24',
  width: size,
  height: size,
  'aria-hidden': true as const,
  focusable: false as const,
  ...(className ? { className } : {}),
});


export function SearchIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function ShieldIcon({ size = 20, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
      <path d="M12 2.5l8 3v6c0 5-3.4 8.7-8 10-4.6-1.3-8-5-8-10v-6l8-3z" fill="currentColor" opacity="0.15" />
      <path d="M12 2.5l8 3v6c0 5-3.4 8.7-8 10-4.6-1.3-8-5-8-10v-6l8-3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function InfoIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 10.5v6M12 7.2v.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
