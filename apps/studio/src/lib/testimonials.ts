export interface Testimonial {
  text: string;
  /** Where the quote was posted; empty when it was sent to us directly. */
  url: string;
  handle: string;
  /** An inline image (data URI); the sign-in page must work without the network. */
  img_url: string;
}

const PALETTE = ['#34d399', '#60a5fa', '#f472b6', '#fbbf24', '#a78bfa', '#f87171'];

/** An initials avatar as an SVG data URI, so no external image is fetched. */
function avatar(handle: string, index: number): string {
  const letters = handle.replace(/^@/, '').slice(0, 2).toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="32" fill="${PALETTE[index % PALETTE.length]}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="600" text-anchor="middle" fill="#0e0e10">${letters}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const quotes: Omit<Testimonial, 'img_url'>[] = [
  {
    text: 'We moved twelve side projects off three hosted services onto one Plinth box in an afternoon. supabase-js just pointed at a new URL and kept working.',
    url: '',
    handle: 'marta_builds',
  },
  {
    text: 'Pausing and restoring projects from the dashboard means our staging databases cost nothing on weekends. It is the feature I did not know I needed.',
    url: '',
    handle: 'devopsdan',
  },
  {
    text: 'Plinth runs on a spare laptop in our office with zero Docker. Row level security policies we wrote years ago work unchanged.',
    url: '',
    handle: 'kofi_codes',
  },
  {
    text: 'I give every student their own project with its own database, auth and storage. Setting up a class takes minutes, not days.',
    url: '',
    handle: 'prof_lindqvist',
  },
  {
    text: 'Self-hosting used to mean a weekend of YAML. With Plinth it was npm install, npm start, and a coffee.',
    url: '',
    handle: 'yuki_on_data',
  },
];

export const TESTIMONIALS: Testimonial[] = quotes.map((quote, index) => ({ ...quote, img_url: avatar(quote.handle, index) }));

export function randomTestimonial(random: () => number = Math.random): Testimonial {
  return TESTIMONIALS[Math.floor(random() * TESTIMONIALS.length) % TESTIMONIALS.length];
}
