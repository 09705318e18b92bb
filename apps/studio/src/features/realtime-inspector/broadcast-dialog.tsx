import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { SendResult } from './inspector-connection.ts';
import { parseBroadcastPayload, validateEventName } from './realtime-messages.ts';

interface BroadcastDialogProps {
  channel: string;
  onSend: (event: string, payload: Record<string, unknown>) => Promise<SendResult>;
  onClose: () => void;
}

/** "Send a broadcast" on the joined channel: an event name and a JSON payload, acknowledged by the server. */
export function BroadcastDialog({ channel, onSend, onClose }: BroadcastDialogProps) {
  const [event, setEvent] = useState('test');
  const [payload, setPayload] = useState('{\n  "message": "Hello from the inspector"\n}');
  const [errors, setErrors] = useState<{ event?: string | null; payload?: string | null }>({});
  const [isSending, setIsSending] = useState(false);

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const eventError = validateEventName(event);
    const parsed = parseBroadcastPayload(payload);
    setErrors({ event: eventError, payload: parsed.ok ? null : parsed.error });
    if (eventError || !parsed.ok) return;
    setIsSending(true);
    try {
      const result = await onSend(event, parsed.value);
      if (result === 'ok') {
        toast.success(`Broadcast "${event}" sent to ${channel}`);
        onClose();
      } else {
        toast.error(result === 'timed out' ? 'The server did not acknowledge the broadcast in time' : 'The broadcast was refused');
      }
    } catch (error) {
      toast.error(`Failed to send the broadcast: ${errorMessage(error)}`);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isSending && onClose()}>
      <DialogContent title="Send a broadcast" description={`To everyone on ${channel}, this inspector included.`} size="lg" isBare testId="realtime-broadcast-dialog">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="space-y-4 px-5 py-4">
            <Field label="Event name" error={errors.event}>
              {(props) => <Input {...props} autoFocus autoComplete="off" spellCheck={false} value={event} onChange={(e) => setEvent(e.target.value)} />}
            </Field>
            <Field label="Payload" error={errors.payload} description="A JSON object.">
              {(props) => <Textarea {...props} className="font-mono text-xs" spellCheck={false} value={payload} onChange={(e) => setPayload(e.target.value)} />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={isSending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={isSending}>
              Send broadcast
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
