/** The payment methods' marks: only the payment screens load them. */
import { iconSvgProps, type IconProps } from '../ui/icons.tsx';

export function WeixinIcon({ size = 22, className }: IconProps) {
  return (
    <svg {...iconSvgProps(size, className)}>
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
    <svg {...iconSvgProps(size, className)}>
      <rect width="24" height="24" rx="5" fill="#1677FF" />
      <path d="M6 8h12M12 5.5V8M8 11h8c-.8 3-3.3 5.6-8.5 7.2M10 13.5c2.5 1.5 5.6 3 8 3.6" stroke="#fff" strokeWidth="1.7" fill="none" strokeLinecap="round" />
    </svg>
  );
}
