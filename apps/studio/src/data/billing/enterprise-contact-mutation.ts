import { useMutation } from '@tanstack/react-query';
import type { BodyOf, SupportTicket } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';

export function contactEnterprise(slug: string, body: BodyOf<'organizationEnterpriseContact'>): Promise<SupportTicket> {
  return api.post<SupportTicket>(`/organizations/${encodeURIComponent(slug)}/billing/enterprise-contact`, body);
}

export function useEnterpriseContactMutation(slug: string) {
  return useMutation({ mutationFn: (body: BodyOf<'organizationEnterpriseContact'>) => contactEnterprise(slug, body) });
}
