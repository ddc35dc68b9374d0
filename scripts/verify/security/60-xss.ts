// XSS proof, full size: every payload through every free-text field a screen shows, every
// list, every detail page once per planted record, the rich-text editor and the public
// agreement page once per payload, and every export (tests/support/xss.ts); then every payload
// through every workflow step that writes text, on the screens and exports of those records
// (tests/support/xssFlow.ts).
import { launchBrowser, takeCspViolations } from '../../../tests/support/browser.ts';
import { signedIn } from '../../../tests/support/api.ts';
import { startServer } from '../../../tests/support/server.ts';
import { checkExports, checkRichText, checkScreens, detectorSelfTest, fieldsHoldingPayloads, findTargets, plantAll, XSS_SERVER_ENV } from '../../../tests/support/xss.ts';
import { PAYLOADS } from '../../../tests/support/xssPayloads.ts';
import { findTextSteps, walkWorkflows } from '../../../tests/support/xssFlow.ts';
import { checkBespoke, driveRoutes } from '../../../tests/support/xssRoutes.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

export default async function xss(): Promise<VerifyRow[]> {
  const server = await startServer(XSS_SERVER_ENV);
  const browser = await launchBrowser();
  try {
    const api = await signedIn(server.url);
    const catalogue = server.app.catalogue;
    const { shown, screens } = findTargets(catalogue);
    const planting = await plantAll(api, catalogue);
    const selfTest = await detectorSelfTest(browser, server.url);
    const views = await checkScreens(browser, server.url, screens, planting.records);
    const otherCsp = takeCspViolations().length;
    const rich = await checkRichText(browser, server, api, catalogue, planting.records);
    // DOMPurify parsing raw markup in its inert document makes chromium report the handlers it meets as refused inline handlers.
    const sanitiserReports = takeCspViolations();
    const exports = await checkExports(api, catalogue, planting.records);
    const steps = findTextSteps(catalogue);
    const flow = await walkWorkflows(server.app, api, PAYLOADS);
    const flowResources = new Set(flow.records.map((r) => r.resource));
    const flowViews = await checkScreens(browser, server.url, screens.filter((s) => flowResources.has(s.resource)), flow.records);
    const flowCsp = takeCspViolations().length;
    const routes = await driveRoutes(server.app, api, PAYLOADS);
    const routeRecords = routes.records.filter((r) => catalogue.resources.has(r.resource));
    const routeResources = new Set(routeRecords.map((r) => r.resource));
    const bespoke = await checkBespoke(browser, server.url, routes.records);
    const routeViews = [await checkScreens(browser, server.url, screens.filter((s) => routeResources.has(s.resource)), routeRecords), ...bespoke];
    const routeCsp = takeCspViolations().length;
    const flowExports = await checkExports(api, catalogue, [...flow.records, ...routeRecords]);
    const later = [flowViews, ...routeViews];
    const sum = (count: (v: typeof flowViews) => number) => later.reduce((n, v) => n + count(v), 0);
    const shownPairs = [...shown].flatMap(([resource, fields]) => [...fields].map((f) => `${resource}.${f}`));
    const covered = shownPairs.filter((pair) => planting.fields.has(pair));
    // However a payload got there: add forms, steps, routes, or copied from another record.
    const holding = await fieldsHoldingPayloads(server.app, shown);
    const notHolding = shownPairs.filter((pair) => !holding.has(pair));
    const area = 'XSS';
    return [
      { area, figure: '载荷数（经典与变异 XSS、编码、表达式、公式）', value: PAYLOADS.length, target: '≥ 50', ok: PAYLOADS.length >= 50 },
      { area, figure: '写入的字段（资源.字段，界面显示的自由文本）', value: covered.length },
      { area, figure: '流程步骤写入的字段（原因、结果、评价、材料、时间线说明）', value: flow.fields.size },
      { area, figure: '界面显示的自由文本字段中存有载荷的（新增、流程、路由、复制）', value: `${holding.size} / ${shownPairs.length}` },
      { area, figure: '界面显示但没有载荷的字段（服务端自己的文字、编号、同步的菜单）', value: notHolding.join('、') || '无' },
      { area, figure: '写入的记录 / 载荷×字段', value: `${planting.records.length} / ${planting.pairsWritten}` },
      { area, figure: '新增被拒（唯一约束、钩子规则）', value: planting.refused.length },
      { area, figure: '带自由文本的流程步骤：执行 / 声明', value: `${flow.steps.size} / ${steps.length}`, target: `${steps.length} / ${steps.length}`, ok: flow.steps.size === steps.length },
      mustBeZero(area, '未能执行的流程步骤', flow.refused.length),
      { area, figure: '流程记录 / 步骤移动', value: `${flow.records.length} / ${flow.moves}` },
      { area, figure: '打开的界面（列表、详情、编辑器、协议页）', value: views.screensOpened + rich.views.screensOpened },
      { area, figure: '服务自有的写文本路由：覆盖 / 控制台不显示 / 未覆盖', value: `${routes.driven.size} / ${routes.notShown.length} / ${routes.uncovered.length + routes.unknown.length}` },
      { area, figure: '未覆盖的路由（巡查标准，巡查打卡，AI 标签）', value: [...routes.uncovered, ...routes.unknown].map((r) => r.split(' ')[0]!.replace('/api/', '')).join('、') || '无' },
      mustBeZero(area, '路由写入被拒', routes.refused.length),
      { area, figure: '打开的界面（流程与路由记录的列表、详情、巡查记录抽屉）', value: sum((v) => v.screensOpened) },
      { area, figure: '详情界面以文本显示出的流程载荷记录', value: `${flowViews.textShown.size} / ${flow.records.length}` },
      { area, figure: '巡查界面（点位、分类、巡查记录详情）以文本显示出的载荷', value: bespoke.reduce((n, f) => n + f.textShown.size, 0) },
      { area, figure: '界面上显示出的载荷记录', value: `${views.displayed.size} / ${planting.records.length}` },
      { area, figure: '检测器自检（未净化的 innerHTML 被发现）', value: selfTest.markers.length && selfTest.dangerous.length ? '是' : '否', target: '是', ok: Boolean(selfTest.markers.length && selfTest.dangerous.length) },
      mustBeZero(area, '执行的脚本', views.markersRun.length + rich.views.markersRun.length + sum((v) => v.markersRun.length)),
      mustBeZero(area, '弹出的对话框', views.dialogs.length + rich.views.dialogs.length + sum((v) => v.dialogs.length)),
      mustBeZero(area, '页面中可执行的节点（on* 属性、javascript: 链接、script/iframe）', views.dangerousNodes.length + rich.views.dangerousNodes.length + sum((v) => v.dangerousNodes.length)),
      mustBeZero(area, '未净化存储的富文本', rich.unsanitisedStored.length),
      mustBeZero(area, 'CSP 拒绝（列表与详情界面）', otherCsp + flowCsp + routeCsp),
      mustBeZero(area, 'CSP 拒绝（富文本显示，除 DOMPurify 解析时报告的内联事件）', sanitiserReports.filter((v) => !v.startsWith('script-src-attr refused inline')).length),
      { area, figure: '绕过服务端直接写库的富文本，显示次数', value: rich.views.displayed.size },
      { area, figure: '导出文件 / 单元格', value: `${exports.exports + flowExports.exports} / ${exports.cells + flowExports.cells}` },
      mustBeZero(area, '导出中的公式单元格', exports.formulaCells + flowExports.formulaCells),
      mustBeZero(area, '导出中未转义的公式文本', exports.unescaped.length + flowExports.unescaped.length),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
