export const stripeWebhookIndex = `// Receives Stripe-style webhooks: the Stripe-Signature header ("t=<unix time>,v1=<hex HMAC>") must
// be the HMAC-SHA256 of "<t>.<raw body>" under your endpoint's signing secret. Save that secret as
// STRIPE_WEBHOOK_SECRET (Project Settings > Edge Functions) and turn "Verify JWT" off for this
// function: Stripe sends no Supabase JWT, the signature is the check.

const TOLERANCE_SECONDS = 300;
const encoder = new TextEncoder();

function hexToBytes(hex: string) {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (byte) => parseInt(byte, 16));
}

async function isSigned(payload: string, header: string, secret: string): Promise<boolean> {
  const parts = header.split(',').map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;

  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const signed = encoder.encode(\`\${timestamp}.\${payload}\`);
  for (const [name, value] of parts) {
    const signature = name === 'v1' ? hexToBytes(value ?? '') : null;
    // crypto.subtle.verify compares in constant time.
    if (signature && (await crypto.subtle.verify('HMAC', key, signature, signed))) return true;
  }
  return false;
}

Deno.serve(async (req) => {
  const secret = Deno.env.get('STRIPE_WEBHOOK_SECRET');
  if (!secret) return Response.json({ error: 'Set the STRIPE_WEBHOOK_SECRET secret first.' }, { status: 500 });

  // The signature covers the exact bytes sent: read the raw text before parsing.
  const payload = await req.text();
  const header = req.headers.get('Stripe-Signature') ?? '';
  if (!(await isSigned(payload, header, secret))) return Response.json({ error: 'Invalid signature' }, { status: 400 });

  const event = JSON.parse(payload);
  switch (event.type) {
    case 'checkout.session.completed':
      console.log('Checkout completed:', event.data?.object?.id);
      break;
    case 'invoice.payment_failed':
      console.warn('Payment failed for customer', event.data?.object?.customer);
      break;
    default:
      console.log('Unhandled event type', event.type);
  }
  return Response.json({ received: true });
});
`;
