import { useMutation } from '@tanstack/react-query';
import { signOutEverywhere } from '../../lib/auth.ts';

export function useSignOutMutation() {
  return useMutation({ mutationFn: signOutEverywhere });
}
