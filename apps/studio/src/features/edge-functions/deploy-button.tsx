import { Rocket } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { NO_DEPLOY_PERMISSION } from './edge-functions-access.ts';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Deploy, with its shortcut; while the server checks and stores the files the button says so. */
export function DeployButton({ onDeploy, isDeploying, canDeploy, label = 'Deploy function' }: { onDeploy: () => void; isDeploying: boolean; canDeploy: boolean; label?: string }) {
  return (
    <DisabledTooltip content={NO_DEPLOY_PERMISSION} isDisabled={!canDeploy}>
      <Button
        variant="primary"
        icon={<Rocket className="size-3.5" />}
        isLoading={isDeploying}
        disabled={!canDeploy}
        onClick={onDeploy}
        title={`${label} (${IS_MAC ? '⌘' : 'Ctrl'}+S)`}
        data-testid="function-deploy-button"
      >
        {isDeploying ? 'Deploying…' : label}
      </Button>
    </DisabledTooltip>
  );
}
