import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../ui/logo.tsx';
import { randomTestimonial, type Testimonial } from '../../lib/testimonials.ts';

interface AuthShellProps {
  heading: string;
  subheading: ReactNode;
  children: ReactNode;
}

/** The sign-in shell: heading, subheading, logo, terms notice and, on wide screens, a random testimonial. */
export function AuthShell({ heading, subheading, children }: AuthShellProps) {
  const [testimonial] = useState(() => randomTestimonial());
  return (
    <div className="flex min-h-full bg-canvas">
      <div className="flex w-full flex-col px-6 py-6 sm:px-10 lg:w-[min(560px,45%)] lg:border-r lg:border-line lg:bg-surface">
        <Link to="/projects" className="self-start" aria-label="Plinth home">
          <Logo />
        </Link>
        <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-12">
          <div className="mb-8 space-y-2">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{heading}</h1>
            <p className="text-sm text-fg-muted">{subheading}</p>
          </div>
          {children}
        </main>
        <p className="mx-auto max-w-sm text-center text-xs leading-relaxed text-fg-subtle">
          By continuing, you agree to the Terms of Service and Privacy Policy of this Plinth installation, and to receive
          emails about your account and projects from its administrators.
        </p>
      </div>
      <aside className="hidden flex-1 items-center justify-center px-12 lg:flex" aria-label="What people say about Plinth">
        <TestimonialQuote testimonial={testimonial} />
      </aside>
    </div>
  );
}

function TestimonialQuote({ testimonial }: { testimonial: Testimonial }) {
  const handle = `@${testimonial.handle}`;
  return (
    <figure className="relative max-w-lg" data-testid="testimonial">
      <span aria-hidden className="absolute -left-6 -top-10 select-none font-serif text-8xl leading-none text-line-strong">
        “
      </span>
      <blockquote className="relative text-2xl font-medium leading-snug tracking-tight text-fg">{testimonial.text}</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <img src={testimonial.img_url} alt="" className="size-10 rounded-full" width={40} height={40} />
        {testimonial.url ? (
          <a href={testimonial.url} className="text-sm text-fg-muted hover:text-fg" target="_blank" rel="noreferrer">
            {handle}
          </a>
        ) : (
          <span className="text-sm text-fg-muted">{handle}</span>
        )}
      </figcaption>
    </figure>
  );
}
