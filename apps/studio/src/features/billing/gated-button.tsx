import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';

/** A subscription button: disabled with the gate's reason as its tooltip. */
export function GatedButton({ reason, disabled, ...props }: ButtonProps & { reason: string | null }) {
  return (
    <Tooltip content={reason} isEnabled={!!reason}>
      {/* A disabled button gets no pointer events; the span carries the tooltip. */}
      <span className="inline-flex" tabIndex={reason ? 0 : undefined} aria-label={reason ?? undefined}>
        <Button {...props} disabled={disabled || !!reason} />
      </span>
    </Tooltip>
  );
}
