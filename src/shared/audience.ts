import type { AudienceKind } from './schemaTypes.ts';

/**
 * The modes of the scope picker per audience, with their Chinese names: the form's radio, the
 * server's shape and its messages read the same list.
 */
export const AUDIENCE_MODES: Record<AudienceKind, Record<string, string>> = {
  staff: { all: '全部', org: '指定组织', post: '指定岗位', staff: '指定人员' },
  owner: { all: '全部', project: '指定项目', building: '指定楼栋' },
};
