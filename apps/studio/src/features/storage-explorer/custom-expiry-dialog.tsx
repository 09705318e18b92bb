import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { EXPIRY_UNITS, type ExpiryUnit } from './constants.ts';
import { useExplorer } from './explorer-context.tsx';
import { expiryDate, expirySeconds, validateExpiry } from './expiry.ts';
import type { StorageItem } from './items.ts';

/** Spec §5 "Custom expiry": a value above 0 in days, weeks, months or years, with the resulting date. */
export function CustomExpiryDialog({ item, onClose }: { item: StorageItem; onClose: () => void }) {
  const { actions } = useExplorer();
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<ExpiryUnit>('days');
  const [isSigning, setIsSigning] = useState(false);
  const error = validateExpiry(value);
  const seconds = expirySeconds(value, unit);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (seconds === null) return;
    setIsSigning(true);
    try {
      await actions.copyUrl(item, seconds);
    } finally {
      setIsSigning(false);
      onClose();
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isSigning && onClose()}>
      <DialogContent title="Custom expiry for signed URL" description="Enter the duration for which the URL will be valid for:" testId="explorer-expiry-dialog" isBare>
        <form onSubmit={submit}>
          <div className="space-y-2 px-5 py-4">
            <Field label="Expires in" error={error}>
              {(props) => (
                <div className="flex gap-2">
                  <Input {...props} type="number" autoFocus value={value} onChange={(event) => setValue(event.target.value)} className="flex-1" data-testid="explorer-expiry-input" />
                  <Select aria-label="Unit" value={unit} onChange={(event) => setUnit(event.target.value as ExpiryUnit)} className="w-32">
                    {Object.keys(EXPIRY_UNITS).map((key) => (
                      <option key={key} value={key}>{key}</option>
                    ))}
                  </Select>
                </div>
              )}
            </Field>
            {seconds !== null && <p className="text-xs text-fg-muted">URL will expire on {formatDateTime(expiryDate(seconds, Date.now()))}</p>}
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={isSigning}>Cancel</Button>
            <Button type="submit" variant="primary" isLoading={isSigning} disabled={seconds === null}>Get signed URL</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
