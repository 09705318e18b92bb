import { REQUIRED_CHARACTER_CHOICES } from '@plinth/api-contract/auth-constants';

export { REQUIRED_CHARACTER_CHOICES };

const LABELS = [
  ['', 'No required characters (default)'],
  [REQUIRED_CHARACTER_CHOICES.letters_digits, 'Letters and digits'],
  [REQUIRED_CHARACTER_CHOICES.lower_upper_letters_digits, 'Lowercase, uppercase letters and digits'],
  [REQUIRED_CHARACTER_CHOICES.lower_upper_letters_digits_symbols, 'Lowercase, uppercase letters, digits and symbols (recommended)'],
] as const;

/** The select's options; a value set some other way (the Management API) is kept as its own option. */
export function requiredCharacterOptions(current: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = LABELS.map(([value, label]) => ({ value, label }));
  if (!options.some((option) => option.value === current)) options.push({ value: current, label: `Custom: ${current}` });
  return options;
}
