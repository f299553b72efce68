import { type ButtonHTMLAttributes, cloneElement, isValidElement, type ReactElement } from 'react';
import { cn } from './cn';

const variants = {
  primary: 'bg-accent-600 text-white hover:bg-accent-700 shadow-sm',
  navy: 'bg-navy-900 text-white hover:bg-navy-800 shadow-sm',
  outline: 'border border-navy-200 bg-white text-navy-900 hover:bg-navy-50',
  ghost: 'text-navy-800 hover:bg-navy-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-6 text-lg',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link) with button styles. */
  asChild?: boolean;
}

export function buttonClasses(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  className?: string,
) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );
}

type ChildProps = Record<string, unknown> & { className?: string };

/**
 * Gives the one child element (a link) the button's props and classes; event handlers of both run,
 * the child's first. A few lines instead of @radix-ui/react-slot, because the layout's buttons are
 * on every page and the home page's first-load JavaScript budget is tight.
 */
function mergeIntoChild(child: ReactElement<ChildProps>, props: ChildProps, className: string) {
  const merged: ChildProps = { ...props };
  for (const [key, value] of Object.entries(props)) {
    const own = child.props[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof own === 'function') {
      merged[key] = (...args: unknown[]) => {
        (own as (...a: unknown[]) => void)(...args);
        (value as (...a: unknown[]) => void)(...args);
      };
    }
  }
  return cloneElement(child, { ...merged, className: cn(className, child.props.className) });
}

export function Button({ variant, size, asChild, className, type, children, ...props }: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild && isValidElement<ChildProps>(children)) return mergeIntoChild(children, props as ChildProps, classes);
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  );
}
