import { useMutation } from '@tanstack/react-query';
import { auth } from '../../lib/auth.ts';

export interface TotpEnrollment {
  factorId: string;
  /** An SVG data URI; may be empty when the server does not render QR codes. */
  qrCode: string;
  secret: string;
  uri: string;
}

async function enroll(friendlyName: string): Promise<TotpEnrollment> {
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: friendlyName || undefined });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

export function useMfaEnrollMutation() {
  return useMutation({ mutationFn: enroll });
}
