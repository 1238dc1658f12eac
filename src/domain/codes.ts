/**
 * Every code list of both spec parts, as `as const` arrays with their union types, plus the
 * i18n key of each code's label (`codes.<list>.<CODE>` in locales/*.json) and the business
 * constants (re-exported from constants.ts).
 */
import { isOneOf } from './guards';
import { ROLES, type Role } from './roles';

export * from './constants';
export { ROLES, type Role };

/** Member status per area: AC active, NP does not participate, BA inactive. */
export const MEMBER_STATUSES = ['AC', 'NP', 'BA'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** MA male, FE female, OT other (the original system's third code). */
export const GENDERS = ['MA', 'FE', 'OT'] as const;
export type Gender = (typeof GENDERS)[number];

/** Processes: CF coffee, MI honey, JA soap, SL salaries. */
export const PROCESSES = ['CF', 'MI', 'JA', 'SL'] as const;
export type Process = (typeof PROCESSES)[number];

/** The five per-area status fields of a member. */
export const MEMBER_AREA_STATUS_FIELDS = [
  'estatus_cafe',
  'estatus_miel',
  'estatus_yip',
  'estatus_trabajador',
  'estatus_comonSit',
] as const;
export type MemberAreaStatusField = (typeof MEMBER_AREA_STATUS_FIELDS)[number];

/** Which member status a process depends on (docs/business-rules.md#contributions-and-withdrawals). */
export const PROCESS_STATUS_FIELD: Readonly<Record<Process, MemberAreaStatusField>> = {
  CF: 'estatus_cafe',
  MI: 'estatus_miel',
  JA: 'estatus_yip',
  SL: 'estatus_trabajador',
};

/** Process icon states: SEL selected, AC available, NP and BA disabled. */
export const PROCESS_ICON_STATES = ['SEL', 'AC', 'NP', 'BA'] as const;
export type ProcessIconState = (typeof PROCESS_ICON_STATES)[number];

export const CREDIT_TYPES = ['MC', 'CP', 'FC'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];
export const DEFAULT_CREDIT_TYPE: CreditType = 'MC';

export const CREDIT_REASONS = ['SA', 'AL', 'TR', 'ED', 'FI', 'OT'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];
export const DEFAULT_CREDIT_REASON: CreditReason = 'TR';

export const PRODUCTIVE_ACTIVITIES = [
  'CA',
  'VI',
  'HR',
  'GE',
  'GC',
  'PE',
  'PC',
  'AT',
  'MI',
  'EL',
  'ER',
  'HE',
  'AP',
  'OT',
] as const;
export type ProductiveActivity = (typeof PRODUCTIVE_ACTIVITIES)[number];

export const REQUEST_STATUSES = ['AP', 'RV', 'RE', 'NE', 'CA'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const EVALUATION_STATUSES = ['RV', 'NE', 'AP', 'CA'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** Contract status: PA paid, VE overdue, VI current, DP pending (a dash), CO, PC, CA, CN forgiven. */
export const CONTRACT_STATUSES = ['PA', 'VE', 'VI', 'DP', 'CO', 'PC', 'CA', 'CN'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Execution status: CO disbursed, PC to disburse, CA cancelled (GE only). */
export const EXECUTION_STATUSES = ['CO', 'PC', 'CA'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const RATE_TYPES = ['FI', 'VA'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** Movement types: EF cash, BA bank, TR transfer. */
export const MOVEMENT_TYPES = ['EF', 'BA', 'TR'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** Contribution (A) or withdrawal (R) marker of a movement. */
export const MOVEMENT_DIRECTIONS = ['A', 'R'] as const;

/** The steps of the requests funnel report, in order (domain/reports/funnel.ts). */
export const FUNNEL_STEP_CODES = ['recibidas', 'aprobadas', 'contrato', 'pagadas'] as const;

/** Which way an accounting record moves money: I income (ingr_egr true), E expense. */
export const RECORD_DIRECTIONS = ['I', 'E'] as const;
export type MovementDirection = (typeof MOVEMENT_DIRECTIONS)[number];

/** A savings movement's class: ordinary (OR, `ordinario` true) or extraordinary (EX). */
export const MOVEMENT_CLASSES = ['OR', 'EX'] as const;

/** A yes/no written as a word where a person reads it (a spreadsheet cell): SI true, NO false. */
export const YES_NO = ['SI', 'NO'] as const;

/** Tabs of the bank movement form (default Movimientos). */
export const BANK_DATA_TYPES = [
  'Movimientos',
  'Pagos',
  'EjCredito',
  'FondosComunes.EjCredito',
  'Otros',
] as const;
export type BankDataType = (typeof BANK_DATA_TYPES)[number];
export const DEFAULT_BANK_DATA_TYPE: BankDataType = 'Movimientos';

/** Sub-account types: IN income, EG expense, IE both. */
export const SUBACCOUNT_TYPES = ['IN', 'EG', 'IE'] as const;
export type SubaccountType = (typeof SUBACCOUNT_TYPES)[number];

export const LANGS = ['es', 'tz', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'es';

export const REGION_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type RegionId = (typeof REGION_IDS)[number];

export const RISK_LEVELS = ['Bajo', 'Medio', 'Alto'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const XLSX_PRODUCT_FILTERS = ['ALL', 'CF', 'MI', 'JA', 'SL'] as const;
export type XlsxProductFilter = (typeof XLSX_PRODUCT_FILTERS)[number];

export const XLSX_REGION_FILTERS = ['ALL', ...REGION_IDS] as const;
export type XlsxRegionFilter = (typeof XLSX_REGION_FILTERS)[number];

export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const HIDDEN_SEARCH_PAGE_SIZE: PageSize = 40;

/** Code lists that have labels in locales (`codes.<name>.<CODE>`). */
export const CODE_LISTS = {
  roles: ROLES,
  memberStatuses: MEMBER_STATUSES,
  genders: GENDERS,
  processes: PROCESSES,
  memberAreas: MEMBER_AREA_STATUS_FIELDS,
  processIconStates: PROCESS_ICON_STATES,
  creditTypes: CREDIT_TYPES,
  creditReasons: CREDIT_REASONS,
  productiveActivities: PRODUCTIVE_ACTIVITIES,
  requestStatuses: REQUEST_STATUSES,
  evaluationStatuses: EVALUATION_STATUSES,
  contractStatuses: CONTRACT_STATUSES,
  executionStatuses: EXECUTION_STATUSES,
  rateTypes: RATE_TYPES,
  movementTypes: MOVEMENT_TYPES,
  movementDirections: MOVEMENT_DIRECTIONS,
  recordDirections: RECORD_DIRECTIONS,
  movementClasses: MOVEMENT_CLASSES,
  yesNo: YES_NO,
  funnelSteps: FUNNEL_STEP_CODES,
  bankDataTypes: BANK_DATA_TYPES,
  subaccountTypes: SUBACCOUNT_TYPES,
  riskLevels: RISK_LEVELS,
  xlsxProductFilters: XLSX_PRODUCT_FILTERS,
  xlsxRegionFilters: XLSX_REGION_FILTERS,
} as const;
export type CodeListName = keyof typeof CODE_LISTS;
export type CodeOf<L extends CodeListName> = (typeof CODE_LISTS)[L][number];

/**
 * i18n key of a code's label: `codes.<list>.<CODE>`. A dot inside a code (the bank data type
 * 'FondosComunes.EjCredito') would be read by i18next as nesting, so it becomes '_'.
 */
export function codeLabelKey<L extends CodeListName>(list: L, code: CodeOf<L>): string {
  return `codes.${list}.${String(code).replace(/\./g, '_')}`;
}

/** Narrow an unknown value to a code of a list. */
export function isCode<L extends CodeListName>(list: L, value: unknown): value is CodeOf<L> {
  return isOneOf<unknown>(CODE_LISTS[list], value);
}

/** i18n key of the "NUEVO" shown as clave_socio of a member not saved yet. */
export const NEW_MEMBER_KEY_LABEL = 'codes.memberKey.NEW';

/** New member form defaults: region 1, genero MA, every status NP. */
export const NEW_MEMBER_DEFAULTS = {
  clave_socio: null,
  region: 1,
  genero: 'MA',
  estatus_cafe: 'NP',
  estatus_miel: 'NP',
  estatus_yip: 'NP',
  estatus_trabajador: 'NP',
  estatus_comonSit: 'NP',
} as const satisfies { clave_socio: null; region: RegionId; genero: Gender } & Record<
  MemberAreaStatusField,
  MemberStatus
>;

/** New community form defaults: region 1, no hermitage. */
export const NEW_COMMUNITY_DEFAULTS = {
  nombre_de_comunidad: '',
  region: 1,
  ermita: null,
} as const satisfies { nombre_de_comunidad: string; region: RegionId; ermita: null };
