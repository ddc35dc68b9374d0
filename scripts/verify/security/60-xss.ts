// XSS proof, full size: every payload through every free-text field a screen shows, every
// list, every detail page once per planted record, the rich-text editor and the public
// agreement page once per payload, and every export (tests/support/xss.ts).
import { launchBrowser, takeCspViolations } from '../../../tests/support/browser.ts';
import { signedIn } from '../../../tests/support/api.ts';
import { startServer } from '../../../tests/support/server.ts';
import { checkExports, checkRichText, checkScreens, detectorSelfTest, findTargets, plantAll, XSS_SERVER_ENV } from '../../../tests/support/xss.ts';
import { PAYLOADS } from '../../../tests/support/xssPayloads.ts';
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
    const shownPairs = [...shown].flatMap(([resource, fields]) => [...fields].map((f) => `${resource}.${f}`));
    const covered = shownPairs.filter((pair) => planting.fields.has(pair));
    const area = 'XSS';
    return [
      { area, figure: '载荷数（经典与变异 XSS、编码、表达式、公式）', value: PAYLOADS.length, target: '≥ 50', ok: PAYLOADS.length >= 50 },
      { area, figure: '写入的字段（资源.字段，界面显示的自由文本）', value: covered.length },
      { area, figure: '界面显示但未写入的字段（由流程或其他系统写入）', value: shownPairs.length - covered.length },
      { area, figure: '写入的记录 / 载荷×字段', value: `${planting.records.length} / ${planting.pairsWritten}` },
      { area, figure: '新增被拒（唯一约束、钩子规则）', value: planting.refused.length },
      { area, figure: '打开的界面（列表、详情、编辑器、协议页）', value: views.screensOpened + rich.views.screensOpened },
      { area, figure: '界面上显示出的载荷记录', value: `${views.displayed.size} / ${planting.records.length}` },
      { area, figure: '检测器自检（未净化的 innerHTML 被发现）', value: selfTest.markers.length && selfTest.dangerous.length ? '是' : '否', target: '是', ok: Boolean(selfTest.markers.length && selfTest.dangerous.length) },
      mustBeZero(area, '执行的脚本', views.markersRun.length + rich.views.markersRun.length),
      mustBeZero(area, '弹出的对话框', views.dialogs.length + rich.views.dialogs.length),
      mustBeZero(area, '页面中可执行的节点（on* 属性、javascript: 链接、script/iframe）', views.dangerousNodes.length + rich.views.dangerousNodes.length),
      mustBeZero(area, '未净化存储的富文本', rich.unsanitisedStored.length),
      mustBeZero(area, 'CSP 拒绝（列表与详情界面）', otherCsp),
      mustBeZero(area, 'CSP 拒绝（富文本显示，除 DOMPurify 解析时报告的内联事件）', sanitiserReports.filter((v) => !v.startsWith('script-src-attr refused inline')).length),
      { area, figure: '绕过服务端直接写库的富文本，显示次数', value: rich.views.displayed.size },
      { area, figure: '导出文件 / 单元格', value: `${exports.exports} / ${exports.cells}` },
      mustBeZero(area, '导出中的公式单元格', exports.formulaCells),
      mustBeZero(area, '导出中未转义的公式文本', exports.unescaped.length),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
