/**
 * The spreadsheet exports (docs/business-rules.md#other-areas): each area's module holds its column
 * order and its sheet description (./sheet); the server's …XLSX endpoints and the phone's offline
 * export both build their worksheet from that description, so the two files can never differ.
 */

// The column orders, sheets and shapings live with their areas (./member-shapes,
// ./community-shapes); named here too for the phone's existing imports.
export {
  MEMBER_EXPORT,
  MEMBER_LIST_COLUMNS,
  MEMBER_SHEET,
  toMemberListRow,
  type MemberLabels,
  type MemberListRow,
  type MemberListSource,
} from './member-shapes';
export {
  COMMUNITY_EXPORT,
  COMMUNITY_LIST_COLUMNS,
  COMMUNITY_SHEET,
  HERMITAGE_EXPORT,
  HERMITAGE_LIST_COLUMNS,
  HERMITAGE_SHEET,
} from './community-shapes';
