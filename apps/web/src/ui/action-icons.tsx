import { iconSvgProps, type IconProps } from './icons.tsx';

/**
 * The clear, edit and chevron icons: the home's own script draws none of them (the chevron is the
 * footer's, in the home's extras chunk), so they stay out of the home route's script (decision 011).
 */
export function ClearIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.35" />
      <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function EditIcon({ size = 18, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M13.5 6.5l4 4" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

export function ChevronRightIcon({ size = 16, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
