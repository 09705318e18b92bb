import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { exportOrganizationAudit } from '../../data/organizations/organization-audit-export.ts';
import { errorMessage } from '../../lib/api.ts';
import { saveBlob } from '../../lib/save-blob.ts';

const FORMATS = [
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
] as const;

/** A `datetime-local` value (the person's local time) as an ISO instant, or nothing when empty. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** Downloads the organisation's audit log for a chosen range; the server keeps to the plan's retention. */
export function AuditExportButton({ slug }: { slug: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [isExporting, setIsExporting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsExporting(true);
    try {
      saveBlob(await exportOrganizationAudit(slug, { format, from: toIso(from), to: toIso(to) }), `audit-${slug}.${format}`);
      setIsOpen(false);
    } catch (error) {
      toast.error(`Failed to export audit logs: ${errorMessage(error)}`);
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button variant="outline" icon={<Download />} onClick={() => setIsOpen(true)} data-testid="audit-export">
        Export
      </Button>
      <DialogContent title="Export audit logs" description="Entries older than your plan keeps are not included.">
        <form className="space-y-4" onSubmit={(e) => void submit(e)}>
          <SegmentedControl label="Format" options={FORMATS} value={format} onChange={setFormat} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="From" aside="Optional">
              {(props) => <Input {...props} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />}
            </Field>
            <Field label="To" aside="Optional">
              {(props) => <Input {...props} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" isLoading={isExporting} data-testid="audit-export-download">
              Download
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
