import { BESPOKE_PAGES as HOTLINE } from '../modules/hotline/index.ts';
import { BESPOKE_PAGES as MESSAGES } from '../modules/messages/index.ts';
import { BESPOKE_PAGES as PATROL } from '../modules/patrol/index.ts';
import { BESPOKE_PAGES as RETURN_VISIT } from '../modules/returnVisit/index.ts';
import { BESPOKE_PAGES as SEAL } from '../modules/seal/index.ts';
import { BESPOKE_PAGES as QUESTIONNAIRES } from '../modules/questionnaires/index.ts';
import { BESPOKE_PAGES as TEMPLATES } from '../modules/templates/index.ts';
import { BESPOKE_PAGES as LOTTERY } from '../modules/lottery/index.ts';
import { BESPOKE_PAGES as SITECONFIG } from '../modules/siteconfig/index.ts';
import { BESPOKE_PAGES as SERVICEAREA } from '../modules/servicearea/index.ts';
import { BESPOKE_PAGES as LEARNING } from '../modules/learning/index.ts';
import { lazyPage } from '../engine/lazyPage.ts';

/** The engine's own screen: the download center of background exports (server/engine/exportJobs.ts). */
const ENGINE = { DownloadCenter: lazyPage(() => import('../engine/DownloadCenter.tsx')) };

/** Screens written in React, named by `component` in their page schema (kind "bespoke"): each module registers its own. */
export const BESPOKE_PAGES = { ...PATROL, ...MESSAGES, ...HOTLINE, ...RETURN_VISIT, ...SEAL, ...QUESTIONNAIRES, ...TEMPLATES, ...LOTTERY, ...SITECONFIG, ...SERVICEAREA, ...LEARNING, ...ENGINE };
