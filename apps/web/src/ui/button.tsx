import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  block?: boolean;
  size?: 'md' | 'lg';
}

export function Button({ variant = 'primary', block, size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? ''];
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
