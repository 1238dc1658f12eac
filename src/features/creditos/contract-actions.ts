/**
 * The contract detail's buttons per role and status:
 * - register payment: staff who may capture payments (PR, CO, GE; a visitor writes nothing),
 *   enabled while the contract has debt today (VI or VE, execution CO);
 * - start and print: privileged (CO, GE); start is enabled while the contract is not started
 *   or not disbursed yet (execution PC) and still has debt pending;
 * - waive and extend: manager only, enabled only when the detail status is VI or VE and the
 *   execution status is CO; extend is also disabled once an extension exists.
 * The waiver, extension and activation screens check the same guards again.
 */
import type { ContractStatus, ExecutionStatus } from '#domain/codes';
import { can } from '#domain/permissions';
import type { Role } from '#domain/roles';
import { recordPath, type RecordRoute } from '#domain/record-routes';

export type ContractAction = 'pay' | 'activate' | 'print' | 'waive' | 'extend';

export interface ActionState {
  action: ContractAction;
  enabled: boolean;
}

export interface ActionFacts {
  /** Status today (estatus_detail). */
  estatus: ContractStatus;
  /** Stored status (DP, PA, CN). */
  estatusContrato: ContractStatus;
  estatusEjecucion: ExecutionStatus;
  started: boolean;
  prorroga: number;
}

/** VI or VE with execution CO: the contract is running and owes something today. */
export function isRunning(facts: Pick<ActionFacts, 'estatus' | 'estatusEjecucion'>): boolean {
  return (facts.estatus === 'VI' || facts.estatus === 'VE') && facts.estatusEjecucion === 'CO';
}

export function canWaive(facts: ActionFacts): boolean {
  return isRunning(facts);
}

export function canExtend(facts: ActionFacts): boolean {
  return isRunning(facts) && facts.prorroga === 0;
}

export function canActivate(facts: ActionFacts): boolean {
  return facts.estatusContrato === 'DP' && (!facts.started || facts.estatusEjecucion === 'PC');
}

/** The buttons a role sees for a contract, in display order, each enabled or not. */
export function contractActions(role: Role | null, facts: ActionFacts): ActionState[] {
  const actions: ActionState[] = [];
  if (can(role, 'pagos', 'create')) actions.push({ action: 'pay', enabled: isRunning(facts) });
  if (can(role, 'contratos', 'activate'))
    actions.push({ action: 'activate', enabled: canActivate(facts) });
  if (can(role, 'contratos', 'print')) actions.push({ action: 'print', enabled: true });
  if (can(role, 'condonaciones', 'create'))
    actions.push({ action: 'waive', enabled: canWaive(facts) });
  if (can(role, 'contratos', 'extend'))
    actions.push({ action: 'extend', enabled: canExtend(facts) });
  return actions;
}

const ACTION_ROUTES: Readonly<Record<Exclude<ContractAction, 'pay'>, RecordRoute>> = {
  activate: '/credito-activar',
  print: '/credito-imprimir',
  waive: '/condonacion',
  extend: '/prorroga',
};

/**
 * Where each button leads: the contract's own address (`/credito-imprimir/<id>`), or for a
 * payment the new-payment form with the contract chosen (the `contrato` selection).
 */
export function actionRoute(action: ContractAction, id: number): string {
  return action === 'pay' ? '/pago-formato' : recordPath(ACTION_ROUTES[action], id);
}
