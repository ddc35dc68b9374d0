import type { WidgetName } from './registry.ts';
import type { GeoKind } from './geo.ts';
/**
 * The JSON formats a configurator writes under schemas/: page schemas (one screen each),
 * resource definitions (one table with its endpoints each) and the endpoint catalogue.
 * These types are the single definition; `npm run schemas:meta` generates the JSON
 * meta-schemas in schemas/meta/ from them (editors use those for completion and hover docs),
 * and the schema lint fails when the committed meta-schemas drift from these types.
 */

/** Any JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * A permission code (btnCode), "<area>:<verb>" such as "label:add"; declared by a page's `buttons`.
 * @pattern ^[a-z][a-zA-Z0-9-]*:[a-zA-Z][a-zA-Z0-9-]*$
 */
export type BtnCode = string;

/** One code, or several of which the user needs any one. */
export type BtnGuard = BtnCode | BtnCode[];

/**
 * A cache of the browser that a successful write makes stale, so the generic engine knows
 * without naming screens: `menus`, the stored menu list (the left menu is loaded again at once);
 * `dictionaries`, the dictionaries' items cached for selects and cells (asked again when next shown).
 */
export type Invalidation = 'menus' | 'dictionaries';

/** A permission a page offers: shown in the role manager as a checkbox under the page's menu entry. */
export interface ButtonDef {
  /** Unique across the product. */
  code: BtnCode;
  /** Chinese name shown when granting it, e.g. "新增标签". */
  name: string;
}

/**
 * A value taken from the context of an action instead of written literally:
 * `{ "$row": "id" }` the clicked row's field, `{ "$selected": "id" }` that field of every
 * selected row, `{ "$query": "id" }` the page's query string or path parameter,
 * `{ "$record": "id" }` the loaded record of a detail or form page, `{ "$node": "id" }` the
 * chosen node of the list's tree.
 */
export type Binding = { $row: string } | { $selected: string } | { $query: string } | { $record: string } | { $node: string };

/** A parameter value: a literal, a binding, or a list of them. */
export type ParamValue = Binding | string | number | boolean | null | ParamValue[];

/** Shows an action only for rows (or records) whose field matches. */
export interface Condition {
  field: string;
  /** The field equals this value. */
  equals?: string | number | boolean | null;
  /** The field is one of these values. */
  in?: (string | number | boolean)[];
  /** The field is none of these values. */
  notIn?: (string | number | boolean)[];
}

interface ActionBase {
  /** Button text. */
  label: string;
  /** Required permission; the button is hidden without it and the server refuses the call anyway. */
  btnCode?: BtnGuard;
  /** Red button. */
  danger?: boolean;
  /** Ask before acting, e.g. "确定删除选中的 {count} 条记录吗？". */
  confirm?: string;
  /** Only for rows or records matching this (every condition of a list). */
  visibleWhen?: Condition | Condition[];
}

/** Calls an endpoint, then shows the success text and reloads the list or record. */
export interface RequestAction extends ActionBase {
  type: 'request';
  /** Endpoint id, e.g. "label.delete". */
  endpoint: string;
  params?: Record<string, ParamValue>;
  /** Message after success; default "操作成功". */
  success?: string;
}

/** Goes to another screen. */
export interface NavigateAction extends ActionBase {
  type: 'navigate';
  /** Route, with ":name" filled from `params`, e.g. "/label-detail/:id". */
  to: string;
  params?: Record<string, ParamValue>;
  /** Query string entries. */
  query?: Record<string, ParamValue>;
  /** Opens in a new browser tab. */
  newTab?: boolean;
}

/** Opens a form page's fields in a drawer or modal over the current screen. */
export interface FormAction extends ActionBase {
  type: 'form';
  /** Route of the form page whose fields and endpoints are used. */
  form: string;
  /** Default "drawer". */
  container?: 'drawer' | 'modal';
  /** Loads the record with this id first (edit); without it the form creates. */
  id?: ParamValue;
  /** Initial values of a new record, e.g. the selected tree node. */
  initialValues?: Record<string, ParamValue>;
}

/** Downloads the list's export with the current filters (the resource's export endpoint unless given). */
export interface ExportAction extends ActionBase {
  type: 'export';
  endpoint?: string;
}

/** Uploads an Excel file to the resource's import endpoint; offers its template. */
export interface ImportAction extends ActionBase {
  type: 'import';
  endpoint?: string;
}

/**
 * Moves a record through its resource's workflow: label, permission, confirmation and the
 * states it shows in come from the workflow unless given here.
 */
export interface TransitionAction extends Partial<ActionBase> {
  type: 'transition';
  /** Name of a transition of the resource's workflow. */
  transition: string;
}

/**
 * Shows the full values of the row's (or record's) masked fields (mobile and identity numbers,
 * `mask` in the resource) in a dialog; its code is the resource's `permissions.reveal` unless
 * given, and the server logs each look.
 */
export interface RevealAction extends Partial<ActionBase> {
  type: 'reveal';
}

export type Action = RequestAction | NavigateAction | FormAction | ExportAction | ImportAction | TransitionAction | RevealAction;

/** How a column or description shows its value (spec 9 formats for dates and durations). */
export type CellType =
  | 'text'
  | 'number'
  | 'money'
  | 'datetime'
  | 'date'
  | 'duration'
  | 'enum'
  | 'dict'
  | 'tag'
  | 'color'
  | 'image'
  | 'enableSwitch'
  | 'richText'
  | 'state'
  | 'percent'
  | 'progress'
  /** A `geo` field: its summary (「多边形（6 个顶点）」, a point's coordinates) and 地图 opening it on a read-only map. */
  | 'geo'
  /** Files of a `FileUpload` field ({ url, name, size } each): icon, name, size and download; a PDF opens in the in-page viewer, a video in the player. */
  | 'file'
  /** The resource's `lateness` column: 「响应超时 25 分钟」 in red, or 未超时. */
  | 'lateness'
  /** The value as a link opening a record (the column's `link`): the row's own detail, or the one a reference field names. */
  | 'link';

/**
 * Where a `link` cell goes: a page of the record the row names, opened in a page tab like any
 * screen (and in a new browser tab with a middle click, as it is a real link).
 */
export interface CellLink {
  /** Route of the page opened, e.g. a detail page; its ":id" takes the id, or without one the query parameter `param`. */
  to: string;
  /** Field of the row holding the id: default "id" (the row's own record); a reference field (`ref`) opens the record it names. @pattern ^[a-z][a-z0-9_]*$ */
  by?: string;
  /** Query parameter holding the id when `to` has no ":id"; default "id" (the detail page's `idParam` must name it). @pattern ^[A-Za-z][A-Za-z0-9_]*$ */
  param?: string;
}

export interface EnumOption {
  text: string;
  /** antd tag colour or status: success, processing, error, warning, default, or a colour name. */
  color?: string;
}

/** A resource's deadlines, for its lateness (ResourceDef.lateness). */
export interface Lateness {
  /**
   * @minItems 1
   * @maxItems 6
   */
  deadlines: {
    /** The datetime field holding the deadline. */
    due: string;
    /** The datetime field set when it is met; late when set after `due`, or when empty past `due`. */
    done: string;
    /** What the deadline is, e.g. "响应": shown as 「响应超时 25 分钟」. */
    label: string;
  }[];
  /** Records the deadlines do not bind (drafts, suspended or closed ones): never late. */
  unless?: Condition;
}

export interface Column {
  /** Field of the record; "a.b" reads nested values. */
  field: string;
  title: string;
  /** Default "text". */
  cell?: CellType;
  /** For cell "dict": the dictionary code whose items label the values. */
  dict?: string;
  /** For cell "enum" or "tag": value to text and colour. */
  enum?: Record<string, EnumOption>;
  /** Pixels; without it the column is as wide as its content on the first rows (ListPage). */
  width?: number;
  sortable?: boolean;
  /** Cut a cell's text short at the column's width and show it whole on hover (always so at the widest). */
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  /** Not shown unless the user turns it on in the list's column settings (a secondary column, so the key ones fit). */
  hidden?: boolean;
  /** Column shown only with this permission (for cell "enableSwitch": the right to switch). */
  btnCode?: BtnGuard;
  /**
   * For cells "percent" and "progress": the field of the row holding 100 % (a quota beside its
   * used count); without it the value is a percentage already (0–100).
   */
  of?: string;
  /** For cell "link": the page the value opens. */
  link?: CellLink;
}

/**
 * Form fields in Formily's JSON Schema: each property has `type`, `title`, `x-decorator`
 * ("FormItem"), `x-component` (a registered component: Input, Input.TextArea, Select,
 * DictSelect, RemoteSelect, NumberPicker, DatePicker, DatePicker.RangePicker, Switch,
 * Radio.Group, Checkbox.Group, ColorPicker, ImageUpload, RichText, ArrayItems...),
 * `x-component-props`, `x-validator`, `x-reactions`, `required`, `default`, `enum`.
 */
export interface FieldMap {
  [name: string]: FormilyField;
}

export interface FormilyField {
  type?: 'string' | 'number' | 'boolean' | 'array' | 'object' | 'void';
  title?: string;
  description?: string;
  required?: boolean;
  default?: Json;
  enum?: Json[];
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, Json>;
  'x-component'?: string;
  'x-component-props'?: Record<string, Json>;
  'x-validator'?: Json;
  /** A deadline's date picker: days before today cannot be picked and an earlier moment is refused (the resource field's `notPast` checks it on the server). */
  notPast?: boolean;
  'x-reactions'?: Json;
  'x-display'?: 'visible' | 'hidden' | 'none';
  'x-pattern'?: 'editable' | 'disabled' | 'readOnly' | 'readPretty';
  properties?: FieldMap;
  items?: FormilyField;
}

interface PageBase {
  $schema?: string;
  /** Client route, e.g. "/business-settings/label-manager"; ":id" marks a path parameter. @pattern ^/[A-Za-z0-9_/:.-]*$ */
  route: string;
  /** Route title; the browser title is "<title>-PMS". */
  title: string;
  /** Keep the page's state when the user leaves and comes back (default: true for lists, false otherwise). */
  keepAlive?: boolean;
  /** Listed in the left menu under its route group. */
  menu?: boolean;
  /**
   * Place in the left menu within its group: pages with an order come first, smallest first, then
   * the others by file name. The menu screen's 自定义排序 (display_sort) still overrides it.
   * @asType integer
   * @minimum 0
   * @maximum 9999
   */
  order?: number;
  /** Listed only for users whose access cookie holds this value. */
  access?: string;
  /** The permissions this screen offers. */
  buttons?: ButtonDef[];
  /**
   * Route of the menu entry whose permissions this page shares (a list's detail and form
   * pages): the user may open it when they may open that entry, and its buttons apply here.
   */
  permissionsOf?: string;
  /**
   * Codes of other screens this page's actions or columns use (a meeting list's 新增纪要, granted
   * with the minutes screen): without it, the lint refuses a btnCode the page's own menu entry
   * does not offer. The role manager grants a borrowed code under its own screen.
   * @uniqueItems true
   */
  borrows?: string[];
  /** What the page needs loaded before it renders (see PageRequirement). */
  requires?: PageRequirement[];
}

/** Something a page needs before it renders: "oaScript", the office-automation helper script of PMS_OA_SCRIPT_URL (spec 2.1). */
export type PageRequirement = 'oaScript';

/** A tree beside the list (organisations, categories, dictionary groups): choosing a node filters the list. */
export interface TreeSide {
  /** Resource whose records are the nodes. */
  resource: string;
  /** Field of the listed records that holds the chosen node's id. */
  filterField: string;
  /** Field of a node shown as its label. */
  labelField: string;
  /** Field of a node that holds its parent's id, for nested trees. */
  parentField?: string;
  title: string;
  /** Actions on the tree's nodes (add, edit, delete groups). */
  actions?: Action[];
}

/**
 * Rows of one list page. 10,000 is the ceiling of any resource: one answer of 10,000 rows of 40
 * short columns is already about 11 MB, shown in the virtual table (only the rows in view).
 * @asType integer
 * @minimum 1
 * @maximum 10000
 */
export type PageSize = number;

/** A searchable, paginated table with actions. */
export interface ListPage extends PageBase {
  kind: 'list';
  /** Resource listed; its endpoints are "<resource>.list", ".export" and so on. */
  resource: string;
  /** Filter form fields, laid out in a grid (default span 6 of 24). */
  filters?: FieldMap;
  columns: Column[];
  toolbar?: Action[];
  rowActions?: Action[];
  /** Actions on the selected rows; with them the table shows checkboxes. */
  batchActions?: Action[];
  /** Rows a page; default 20 (the user's column settings may choose another). At most the resource's maxPageSize. */
  pageSize?: PageSize;
  /**
   * Page sizes the pager offers; default 10, 20, 50, 100. Each at most the resource's
   * maxPageSize. A page of more than 100 rows shows a virtual table (only the rows in view).
   * @minItems 1
   */
  pageSizeOptions?: PageSize[];
  tree?: TreeSide;
  /**
   * Loads again when a push notice arrives (a new order in the pool, a task assigned): every
   * notice, or only those whose type is listed.
   */
  refreshOnPush?: boolean | string[];
  /**
   * Filters always sent with the list and its export, never shown: a view of the resource
   * that its hooks understand, e.g. `{ "view": "mine" }` (my work orders).
   */
  fixedFilters?: Record<string, Json>;
  /**
   * Rows are dragged by a handle to reorder them, saved at once through the resource's
   * `reorder` endpoint (its `orderField`), for whoever holds `permissions.reorder`. The rows are
   * shown in that order unless the user sorts by a column.
   */
  dragSort?: boolean;
}

/** Create and edit a record; as a route of its own, or in a drawer or modal from a list. */
export interface FormPage extends PageBase {
  kind: 'form';
  resource: string;
  /** The fields; a Formily object schema's properties. */
  fields: FieldMap;
  /** Columns of the form grid; default 2. */
  columns?: number;
  /** Where to go after saving; default back. */
  afterSave?: string;
  /** Endpoint that loads the record, called with { id }; default "<resource>.detail". */
  load?: string;
  /** Endpoint that saves, called with the values and { id }; default "<resource>.add" or ".update". */
  submit?: string;
}

export interface DescriptionItem {
  field: string;
  title: string;
  cell?: CellType;
  /** With "cell": "link": the page it opens, as a column's link (the record itself, or the one `by` names). */
  link?: CellLink;
  dict?: string;
  enum?: Record<string, EnumOption>;
  /** Grid columns it spans. */
  span?: number;
}

/** Fields of the record as label–value pairs. */
export interface DescriptionSection {
  title: string;
  items: DescriptionItem[];
}

/** Rows that belong to the record (materials used, visits, sub-items) as a table. */
export interface TableSection {
  title: string;
  table: {
    /** A JSON field of the record holding the rows... */
    field?: string;
    /** ...or an endpoint answering them (a list, or a page's records), called with `params`. */
    endpoint?: string;
    params?: Record<string, ParamValue>;
    columns: Column[];
  };
}

/** Photos and files of the record: images open in the viewer (toolbar and navbar off), other files download. */
export interface AttachmentSection {
  title: string;
  /** Field holding the URLs (a list, or text separated by commas). */
  attachments: string;
}

/**
 * A child list in a detail page's tab: the records of `resource` whose `by` field holds this
 * record's id (a training's attendance, a plan's candidates), paged, through the child's own
 * list endpoint, so its permission and data scope apply; the tab is hidden without its view permission.
 */
export interface ChildListTab {
  title: string;
  /** The child resource. */
  resource: string;
  /** The child's field referring to this page's resource (declared with `ref` and `"filter": "eq"`). @pattern ^[a-z][a-z0-9_]*$ */
  by: string;
  columns: Column[];
  /** Rows a page of the tab shows; default 10. @minimum 1 @maximum 200 */
  pageSize?: number;
}

/** A tab holding a sub-table as a TableSection gives it (a JSON field of the record, or an endpoint). */
export interface TableTab {
  title: string;
  table: TableSection['table'];
}

/** Tabs of child lists and sub-tables under one card of a detail page. */
export interface TabsSection {
  title: string;
  /** @minItems 1 */
  tabs: (ChildListTab | TableTab)[];
}

/**
 * A chart of this record's figures: a report's rows whose `filter` holds this record's id (a
 * questionnaire's answers per steward, a course's learners per month), drawn by the report
 * pages' chart, which loads only with the section. Shown to those with the report's view permission.
 */
export interface ChartSection {
  title: string;
  chart: {
    /** Name of the report definition (schemas/<module>/reports/). */
    report: string;
    /** One of the report's `filters`: the column holding the record's id (or the field `by` names). @pattern ^[a-z][a-z0-9_]*$ */
    filter: string;
    /** Field of this record whose value the filter takes; default "id". @pattern ^[a-z][a-z0-9_]*$ */
    by?: string;
    /** The report's dimension the figures are grouped by; default its first. */
    groupBy?: string;
    type: 'bar' | 'line' | 'pie';
    /** Names of the report's measures drawn (a pie draws the first). @minItems 1 */
    measures: string[];
  };
}

export type DetailSection = DescriptionSection | TableSection | AttachmentSection | TabsSection | ChartSection;

/** A record's details: sections of descriptions, sub-tables and attachments, and actions on it. */
export interface DetailPage extends PageBase {
  kind: 'detail';
  resource: string;
  sections: DetailSection[];
  actions?: Action[];
  /** Shows the workflow timeline (who did what, when) below the sections. */
  timeline?: boolean;
  /** The query parameter holding the record's id when the route has no ":id", or several, the first present wins; default "id" (e.g. "quesTaskId"). */
  idParam?: string | string[];
  /**
   * Opened without a session, through a signed link that names one record and expires (an OA
   * reviewer's page). The page then shows the sections only: no actions, no timeline, no menu.
   */
  public?: PublicAccess;
  /** A 「打印」 button opening the record as a printable sheet (print CSS): e.g. a work order handed to a technician. */
  print?: DetailPrint;
}

/**
 * The printed sheet of a detail page: the named sections as bordered tables (masked values stay
 * masked), photos, the timeline when the page shows one, and blank lines for signatures.
 */
export interface DetailPrint {
  /** Heading of the sheet, e.g. 「工单派工单」. @minLength 1 */
  title: string;
  /** Titles of the page's sections printed, in this order; default every section. @minItems 1 */
  sections?: string[];
  /** Blank lines signed by hand, e.g. 「处理人签字」, 「业主签字」. */
  signatures?: string[];
}

/** Who may make a public page's link and how long it works (the server's `<resource>/publicLink`, read by `/publicDetail?token=`). */
export interface PublicAccess {
  /** Permission of the signed-in user who makes a link; they must also see the record. */
  btnCode: string;
  /** Hours a link works. @minimum 1 @maximum 720 */
  hours: number;
}

/**
 * Another route to a detail page (a notice's link, another system's address): the same screen
 * under this route's title, with the record's id read from this route.
 */
export interface AliasPage extends PageBase {
  kind: 'alias';
  /** Route of the detail page shown. */
  of: string;
  /** As the detail page's idParam, for this route; default the detail page's. */
  idParam?: string | string[];
}

/** Several list pages under tabs; each keeps its own filters and pages. */
export interface TabsPage extends PageBase {
  kind: 'tabs';
  tabs: {
    title: string;
    /** Route of a list page shown in this tab. */
    page: string;
    /** The tab is shown only with this permission. */
    btnCode?: BtnGuard;
    /** Key of this tab's number in the answer of `counts`, shown after the title. */
    count?: string;
  }[];
  /** Endpoint answering the tabs' numbers as one object (e.g. approval.counts), asked again when a tab is chosen. */
  counts?: string;
}

/** One record edited in place (a singleton resource such as global parameters). */
export interface SettingsPage extends PageBase {
  kind: 'settings';
  resource: string;
  fields: FieldMap;
  /** Columns of the form grid; default 2. */
  columns?: number;
}

/** A screen written in React (session core, patrol, push) that still takes its menu place and permissions from here. */
export interface BespokePage extends PageBase {
  kind: 'bespoke';
  /** Name under which the screen's component is registered in its module's index.ts (src/modules/<module>/index.ts). */
  component: string;
  /**
   * Opened without a session, outside the signed-in layout: an owner's page reached by a signed
   * link that the module's own server code makes and reads (the lottery wheel). Never in the menu.
   */
  public?: true;
}

/** A chart of a report page, drawn from the rows of the current grouping. */
export interface ReportChart {
  type: 'bar' | 'line' | 'pie';
  title: string;
  /** Names of the report's measures drawn (a pie draws the first). */
  measures: string[];
}

/**
 * Statistics: filters, figure cards, charts and a table over one report definition
 * (schemas/<module>/reports/), with export. The filter fields named `dateRange`, `project_id` and
 * `groupBy` are the report's own; any other name must be one of the report's `filters`.
 */
export interface ReportPage extends PageBase {
  kind: 'report';
  /** Name of the report definition (schemas/<module>/reports/<name>.json). */
  report: string;
  filters?: FieldMap;
  /** Measures shown as figure cards above the charts (their totals). */
  cards?: string[];
  charts?: ReportChart[];
  /** Measures shown as table columns after the grouping; default all. */
  table?: string[];
  /**
   * A second dimension across (project × month): the filter field `pivotBy` picks it, and each
   * cell shows this measure of the row's and the column's group.
   */
  pivot?: { measure: string };
  /** Offers the Excel export (the report's export permission applies). */
  export?: boolean;
  /**
   * Opens the records behind a figure on this route (a `drill` page over the same report) instead
   * of a drawer: `:id` is the row's group, the figure's filters and measure go in the query.
   */
  drillRoute?: string;
}

/**
 * The records behind one figure of a report on a screen of their own, opened from a report page's
 * `drillRoute`: the route's `:id` is the group (of `groupBy`, the report's first dimension when
 * absent), the query the filters and measure. Rows follow the caller's data scope as the report's do.
 */
export interface DrillPage extends PageBase {
  kind: 'drill';
  /** Name of the report definition, which must declare `drill`. */
  report: string;
}

/** One number of a dashboard, read from a source's answer, a click away from its screen. */
export interface DashboardFigure {
  title: string;
  /** Name of the source (a key of `sources`) whose answer holds it. */
  source: string;
  /** Dotted path in the source's `data`, e.g. "figures.reported"; the figure is left out when the answer has no such value. @pattern ^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$ */
  field: string;
  /** Screen the figure opens. */
  route?: string;
  /**
   * The query it opens the screen with, so the list shows exactly what the figure counted: a list
   * reads its filters from it (comma-separated for several values or a date range); `{today}` is today's date.
   */
  query?: Record<string, string>;
  /** Unit after the number (e.g. "星"); a figure without a value shows "-" and no unit. */
  suffix?: string;
}

/**
 * A landing page: to-dos that modules answer, cards that modules draw, and figures, each read
 * from a call declared once in `sources` (a module adds its to-dos by adding its call here).
 */
export interface DashboardPage extends PageBase {
  kind: 'dashboard';
  /** Greets the signed-in staff member by name above the cards. */
  greeting?: boolean;
  /** The calls the page makes, by a name the cards below use: ids of endpoints.json. */
  sources: Record<string, string>;
  /** The to-do card: each source answers `{ key, title, count, route, query? }[]` at `field` (the query as a figure's). */
  todos?: { title: string; from: { source: string; field: string }[] };
  /** Cards drawn by a module's registered widget (src/shared/registry.ts WIDGET_NAMES). */
  widgets?: { title: string; widget: WidgetName }[];
  figures?: { title: string; items: DashboardFigure[] };
}

/**
 * Records of a resource on a month or week calendar, each on the day of its date field (across the
 * days to its end field), labelled by a field and coloured by a state or enum; filters as a list's.
 * The calendar asks the resource's list for the days in view (its date field needs `"filter": "range"`).
 */
export interface CalendarPage extends PageBase {
  kind: 'calendar';
  resource: string;
  /** The date (`datetime`, or a "2026-12-01" string) that places a record on a day. */
  dateField: string;
  /** A later date of the record: it then spans the days from dateField to this one. */
  endField?: string;
  /** Field shown as the record's label, e.g. "title". */
  labelField: string;
  /** Field shown after the label (the executor, the project), e.g. "assignee_id_label". */
  subField?: string;
  /** The workflow field or an enum field whose value colours the record. */
  colorField?: string;
  /**
   * Text and colour (a tag colour: "blue", "success", "#f50") of each value of colorField, shown
   * also as the legend; default the workflow's states. Required for an enum field, naming its values.
   */
  colors?: Record<string, EnumOption>;
  /** Views offered, the first shown first; default ["month", "week"] ("day" needs `rows`). @minItems 1 */
  views?: ('month' | 'week' | 'day')[];
  /**
   * One row per record of another resource (a room): the records are drawn on the row of their
   * `field`'s value, the week view's columns are days and the day view's the hours from `hours`.
   * The rows are that resource's list (sorted as it sorts), asked with the page's filters named in
   * `filters`; a record of a value not among them gets a row of its own.
   */
  rows?: CalendarRows;
  /**
   * What clicking an empty hour of a row in the day view does, e.g. open the add form with the row
   * and the hour filled: `$row` holds the rows' field (its value) and dateField / endField (the
   * hour's start and end, milliseconds).
   */
  slot?: FormAction;
  /** Filter form fields, as a list page's. */
  filters?: FieldMap;
  /** Filters always sent, never shown (a view the resource's hooks understand). */
  fixedFilters?: Record<string, Json>;
  /** What clicking a record does: go to its detail, e.g. { "type": "navigate", "to": "/x-detail/:id", "params": { "id": { "$row": "id" } } }. */
  open: NavigateAction;
  toolbar?: Action[];
}

/** The rows of a calendar page grouped by a resource (CalendarPage.rows). */
export interface CalendarRows {
  /** The records' field naming their row, a reference to `resource`, e.g. "room_id". @pattern ^[a-z][a-z0-9_]*$ */
  field: string;
  /** The resource whose records are the rows, e.g. "meeting_room". @pattern ^[a-z][a-z0-9_]*$ */
  resource: string;
  /** Its field shown as the row's heading, e.g. "name". @pattern ^[a-z][a-z0-9_]*$ */
  labelField: string;
  /** Its field shown under the heading (a location, a capacity). @pattern ^[a-z][a-z0-9_]*$ */
  subField?: string;
  /** Heading of the rows' column, e.g. "会议室". */
  title?: string;
  /** The page's filters that also filter the rows (by the same name), e.g. ["project_id"]. */
  filters?: string[];
  /** Fields of a row's record the empty slot's `$row` also holds, by the records' field: { "project_id": "project_id" }. */
  copy?: Record<string, string>;
  /** The day view's hours, from the first to the last (exclusive); default [8, 20]. @minItems 2 @maxItems 2 */
  hours?: [number, number];
}

export type PageSchema = ListPage | FormPage | DetailPage | AliasPage | TabsPage | SettingsPage | ReportPage | DashboardPage | CalendarPage | DrillPage | BespokePage;

/** The left menu's groups (spec 2.3), in order; a page joins the group whose prefix starts its route. */
export interface MenuCatalogue {
  $schema?: string;
  groups: { prefix: string; title: string }[];
}

/** A JSON type a JsonShape allows. */
export type JsonShapeType = 'array' | 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/**
 * The declared structure of a JSON field (a subset of JSON schema). Lists need `maxItems`, texts a
 * `maxLength`, an `enum` or `file`, objects their `properties` or `additionalProperties` with
 * `maxProperties`; members not declared are refused.
 */
export interface JsonShape {
  /** One JSON type, or several (a form may send a list as text). */
  type: JsonShapeType | JsonShapeType[];
  items?: JsonShape;
  /** Fewest members of a list (1: a required photo list may not be empty). */
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonShape>;
  required?: string[];
  /** The shape of members not named in `properties` (a map); without it they are refused. */
  additionalProperties?: JsonShape;
  maxProperties?: number;
  maxLength?: number;
  pattern?: string;
  enum?: (string | number | boolean | null)[];
  minimum?: number;
  maximum?: number;
  /** A text that is the path of a file this product stored (/files/...): checked to exist. */
  file?: boolean;
  /** With `file`: the kinds of file accepted, by the type the server read from the file's bytes at upload (its magic bytes, never its name). */
  accept?: FileKind[];
  /** With `file`: the largest accepted file in bytes (uploads are also bounded by PMS_UPLOAD_MAX_BYTES). */
  maxBytes?: number;
}

/** Kinds of stored file a `file` shape may accept: the extension the file service gives a file by its bytes. */
export type FileKind = 'jpg' | 'png' | 'gif' | 'webp' | 'bmp' | 'pdf' | 'xlsx' | 'docx' | 'pptx' | 'doc' | 'mp4' | 'mp3' | 'zip';

/** The type of a stored field; decides the column type, validation and the default cell. */
/** `html` is rich text: sanitised with DOMPurify when saved and again when shown. */
export type FieldType = 'string' | 'text' | 'html' | 'integer' | 'number' | 'boolean' | 'datetime' | 'json';

export interface ResourceField {
  type: FieldType;
  /** Chinese name, used in messages ("标签名称不能为空") and export headers. */
  title: string;
  required?: boolean;
  /** No two records share the value (within the same values of the fields listed, when a list is given). */
  unique?: boolean | string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Message when the pattern does not match. */
  patternMessage?: string;
  /** A deadline (datetime, or text "YYYY-MM-DD HH:mm"): a value earlier than now is refused when written. */
  notPast?: boolean;
  minimum?: number;
  maximum?: number;
  /** Allowed values, with their Chinese names. */
  enum?: Record<string, string>;
  /** Values are the items of this dictionary code. */
  dict?: string;
  /** Holds the id of a record of this resource (checked to exist). */
  ref?: string;
  default?: string | number | boolean | null;
  /** How the list filters by it: exact, contains, one of, or a time range. */
  filter?: 'eq' | 'like' | 'in' | 'range';
  sortable?: boolean;
  /** Left out of exports (default: included). */
  noExport?: boolean;
  /** Set by the server only (a workflow's stamp): never accepted from add or update. */
  auto?: boolean;
  /**
   * With `ref` and type "json": the field is no column but the ids of the referenced records,
   * kept in a join table (staff_post: `from` staff_id, `to` post_id). Lists and details answer
   * the ids and "<field>_label" (their labels joined by 、), an eq or in filter finds the records
   * linked to the value, saving replaces the links, and exports show the labels.
   */
  through?: { table: string; from: string; to: string };
  /**
   * Type "json" (not `through`): the structure the value must have, checked on every write (add,
   * update, import, workflow moves); required by the schema lint. A subset of JSON schema.
   */
  shape?: JsonShape;
  /** Lists and exports show the value masked: an ID card number keeps its first 3 and last 4 characters, a mobile number its first 3 and last 4 digits. */
  mask?: 'idCard' | 'mobile';
  /**
   * Type "json": the value is a form built at run time in the form designer (`FormDesigner`), a
   * RuntimeForm of src/shared/runtimeForm.ts (its shape is the engine's, so no `shape`). Every
   * change is kept as a new version, so answers keep the form they were given for.
   */
  form?: boolean;
  /**
   * Type "json": answers to the run-time form in field `form` of the record this resource's field
   * `ref` points at, checked against that form's current version (required items, options,
   * types, lengths, skip logic), whose number the server writes into field `version`.
   */
  answersTo?: { ref: string; form: string; version: string };
  /**
   * Type "json": the field is a scope picker's choice, `{ "mode": "all" | "org" | "post" | "staff", "ids": [...] }`
   * for staff, `{ "mode": "all" | "project" | "building", "ids": [...] }` for owners (no `shape`:
   * the engine's). Every write checks the ids exist and lie within the writer's data scope (「全部」
   * only for a company-wide scope); the server resolves it to recipients (engine/audience.ts), and
   * `<resource>.audienceOptions?field=&mode=` answers the picker's choices within that scope.
   */
  audience?: AudienceKind;
  /**
   * Type "json": map geometry (G13), a GeoJSON `Point` or a `Polygon` of one closed ring of 3 to
   * 200 distinct corners, `[longitude, latitude]` within range (no `shape`: the engine's,
   * src/shared/geo.ts, checked on every write). Edited with `MapPicker`, shown by the `geo` cell.
   */
  geo?: GeoKind;
}

/**
 * `x-component-props` of a `MapPicker` (the form control of a `geo` field; not type-checked in
 * pages, where props are free JSON, but the lint checks `mode` against the field).
 */
export interface MapPickerProps {
  /** What is drawn: one point (a click places it) or a polygon (each click adds a corner). Must equal the field's `geo`. */
  mode: GeoKind;
  /** Where the map opens when the value is empty: [latitude, longitude]; default central Shanghai. */
  center?: [number, number];
  /** Zoom level at `center` (default 16). */
  zoom?: number;
  /**
   * An image drawn under the shapes (a floor plan of the estate) between its south-west and
   * north-east corners [[lat, lng], [lat, lng]]: works with no tile server reachable. `url` a
   * stored file (/files/...) or a path of the app.
   */
  overlay?: { url: string; bounds: [[number, number], [number, number]] };
  /** Map height in px (default 360). */
  height?: number;
}

/** Who a scope picker addresses: staff (organisations, posts, people) or owners (projects, buildings). */
export type AudienceKind = 'staff' | 'owner';

/** A scope picker's stored value. */
export interface AudienceValue {
  mode: string;
  ids: number[];
}

/** Two fields of the record compared; a rule with either value empty holds. */
export interface CompareRule {
  rule: 'compare';
  field: string;
  op: '<' | '<=' | '>' | '>=' | '=' | '!=';
  other: string;
  /** Chinese refusal, e.g. "结束时间须晚于开始时间". */
  message: string;
}

/**
 * No two records whose `per` fields are equal have overlapping ranges [range[0], range[1])
 * (no two bookings of one room at once). Records matching `where` alone count (say, not cancelled).
 */
export interface ExclusiveRule {
  rule: 'exclusive';
  /** Start and end fields, of one type. @minItems 2 @maxItems 2 */
  range: string[];
  /** @minItems 1 */
  per: string[];
  where?: Condition[];
  /** Chinese refusal; `{field}` names the clashing record's value (a time as 2026-12-01 09:30), e.g. "与会议「{title}」（{start_at}）时间冲突". */
  message: string;
}

/**
 * Refuse the write when a record of `resource` matches: each key of `match` (a field of that
 * resource) equals the value of this record's field it names, and every `where` holds (say, an
 * enabled blacklist row naming the organiser).
 */
export interface NotExistsRule {
  rule: 'notExists';
  resource: string;
  /** @minProperties 1 */
  match: Record<string, string>;
  where?: Condition[];
  message: string;
}

export type ResourceRule = CompareRule | ExclusiveRule | NotExistsRule;

/** A state of a workflow, as filters, tags and the timeline show it. */
export interface WorkflowState {
  text: string;
  /** antd tag colour or status. */
  color?: string;
}

/** A move from some states to another, guarded by a permission. */
export interface WorkflowTransition {
  /** Identifier, e.g. "dispatch". @pattern ^[a-zA-Z][a-zA-Z0-9_]*$ */
  name: string;
  /** Button text, e.g. "派单". */
  label: string;
  /** The toast once done; default "<label>成功", or the label itself when it already says done (…完成). */
  success?: string;
  /** States it may start from. */
  from: string[];
  to: string;
  /**
   * Fields of the record shown at the top of the move's dialog, so the user sees which record
   * they are moving (a dispatch: the order's number, title, place and urgency), shown as a
   * list's columns are.
   * @maxItems 8
   */
  summary?: Column[];
  btnCode: BtnGuard;
  /** Ask for a note (a reason, a result) and keep it in the timeline: required or optional. */
  note?: 'required' | 'optional';
  confirm?: string;
  danger?: boolean;
  /** A datetime field set to the moment of the transition (e.g. published_at). */
  stamp?: string;
  /**
   * Only the staff member whose id is in this field of the record may make the move (the
   * assigned processor handles the order); anyone else is refused, whatever their buttons.
   */
  actorField?: string;
  /** A field set to the caller's staff id by the move (seizing an order makes the caller its processor). */
  assignActor?: string;
  /**
   * A move each record may allow or not: only when the record's JSON list `field` holds `value`
   * (a task's actions, taken from its work template), else refused with `message` (409) and its
   * button hidden. The system's own moves (timers) are not held to it.
   */
  allowedBy?: { field: string; value: string; message: string };
  /**
   * What the user fills in for the move (the processor to dispatch to, the result, photos):
   * Formily fields named after fields of the resource. They are the dialog's fields, and the
   * server validates them by the resource's definition (`required` here: required for this move)
   * and writes them with the move.
   */
  inputs?: FieldMap;
}

/** A move the system makes by itself when a record has stayed in a state too long. */
export interface WorkflowTimer {
  /** Records that have been in this state... */
  state: string;
  /** ...for this many minutes... */
  afterMinutes: number;
  /** ...move through this transition (written to the timeline as done by 系统). */
  transition: string;
}

/**
 * A move the system makes by itself when a record's date field comes (an approved advert goes
 * live at its start time and offline at its end time): records in `from` whose `at` is due move
 * through `transition`, on the workflow timers' clock, written to the timeline as 系统. A record
 * moved once is no longer in `from`, so a second pass or a retry moves nothing.
 */
export interface DateTimer {
  /** The datetime field of the record whose moment triggers the move, e.g. "start_time". */
  at: string;
  /** Records in this state... */
  from: string;
  /** ...move through this transition once `at` has come. */
  transition: string;
}

/**
 * A record's lifecycle declared once: the filters, tags, action buttons and the server's
 * checks all come from it, and every transition is written to the record's timeline.
 */
export interface WorkflowDef {
  /** The string field holding the state. */
  field: string;
  /** The state of a new record. */
  initial: string;
  states: Record<string, WorkflowState>;
  transitions: WorkflowTransition[];
  /** Automatic moves after a time in a state, or at a date field's moment (the server checks every minute). */
  timers?: (WorkflowTimer | DateTimer)[];
}

/**
 * A resource's records that go through an approval (an approval kind of the approval engine):
 * the workflow transitions the engine drives. Making `submit` starts the approval under the
 * flow configured for the kind and the record's project (none configured: the move alone);
 * the engine makes `onApprove` or `onReject` when the approval ends, and `withdraw` (default
 * `onReject`) when the submitter withdraws. While the approval runs, the record cannot be
 * edited or deleted, and `onApprove`/`onReject` are refused to everyone but the engine.
 */
export interface ApprovalDeclaration {
  /** The approval kind, e.g. "hangUp"; flows are configured per kind. @pattern ^[a-zA-Z][a-zA-Z0-9_]*$ */
  kind: string;
  /** Title of the kind in the approval center, e.g. "挂起审批". */
  label: string;
  /** Transition whose move starts the approval. */
  submit: string;
  /** Transition the engine makes when the last step approves. */
  onApprove: string;
  /** Transition the engine makes when an approver rejects. */
  onReject: string;
  /** Transition the engine makes when the submitter withdraws; default onReject. */
  withdraw?: string;
  /** Field copied as the approval's title. */
  title: string;
}

/**
 * A column the server computes from child records in the list and detail query (never in the
 * browser): the count of a child resource's records pointing at the row, or the sum, average,
 * minimum or maximum of one of their fields (optionally times another, e.g. score × weight).
 */
export interface ComputedColumn {
  title: string;
  op: 'count' | 'sum' | 'avg' | 'min' | 'max';
  /** The child resource. */
  resource: string;
  /** The child's field holding this record's id. */
  by: string;
  /** The child's number field aggregated; required except for count. */
  field?: string;
  /** sum or avg of `field` × this number field of the child (an indicator's score × its weight). */
  times?: string;
  /** Multiplies the result (0.01 turns weights in percent into shares). */
  scale?: number;
  /** Decimals the result is rounded to; default 2. @minimum 0 @maximum 6 */
  round?: number;
  /** Only the children for which every condition holds. */
  where?: Condition[];
  /** Lists may sort by it (a subquery per row: declare it on lists of modest size). */
  sortable?: boolean;
}

/**
 * A column read through a reference: the `field` of the record this resource's `ref` field `via`
 * points at (a booking's room's floor). Lists, details and exports answer it under its name; the
 * referenced resource's data scope applies, so a record the caller may not see reads as empty.
 */
export interface RelatedColumn {
  title: string;
  /** This resource's field whose `ref` names the other resource. */
  via: string;
  /** A field of that resource (not a masked one). */
  field: string;
  /** Lists may sort by it (a page's column then says `"sortable": true`); records whose referenced record the caller may not see sort as empty. */
  sortable?: boolean;
  /** The list's filter of this name: `eq` the value equals it, `like` it contains the text; only referenced records the caller may see match. */
  filter?: 'eq' | 'like';
}

/**
 * A filter across a reference: the list's filter of this name, 1 (or true) keeping the records
 * for which a record of `resource` matches and 0 (or false) those for which none does (meetings
 * without minutes). Only records of `resource` the caller may see count (its data scope).
 */
export interface RelatedFilter {
  title: string;
  resource: string;
  /** Each key (a field of `resource`) equals this record's field it names, e.g. { "meeting_id": "id" }. @minProperties 1 */
  match: Record<string, string>;
  where?: Condition[];
}

/** One table with its endpoints: list, detail, add, update, delete, enable, export, import, options. */
export interface ResourceDef {
  $schema?: string;
  /** Table name. @pattern ^[a-z][a-z0-9_]*$ */
  name: string;
  title: string;
  /** Service prefix the endpoints are mounted under, e.g. "basis". */
  service: string;
  /** Path under the service, e.g. "/label". @pattern ^/[A-Za-z0-9/_-]+$ */
  path: string;
  fields: Record<string, ResourceField>;
  /** Columns computed from child records, answered by list and detail beside the fields (by name). */
  computed?: Record<string, ComputedColumn>;
  /**
   * Deadlines whose lateness reads answer and lists sort by (issue 42): each read adds
   * `lateness` (minutes by which the worst deadline was or is missed, 0 when on time; sortable)
   * and `lateness_of` (that deadline's label), shown by a column `{ "field": "lateness", "cell": "lateness" }`.
   */
  lateness?: Lateness;
  /** Columns read through a reference (RelatedColumn), answered by list, detail and export beside the fields. */
  related?: Record<string, RelatedColumn>;
  /** Filters across a reference (exists / not exists of a matching related record), named like fields in a list's `filters`. */
  relatedFilters?: Record<string, RelatedFilter>;
  /** Codes each operation needs. */
  permissions: {
    view: BtnGuard;
    add?: BtnGuard;
    update?: BtnGuard;
    delete?: BtnGuard;
    enable?: BtnGuard;
    export?: BtnGuard;
    import?: BtnGuard;
    /** Shows a record's masked fields (`mask`) in full, each look logged: the `reveal` endpoint and action. */
    reveal?: BtnGuard;
    /** Saves the order of records dragged in a list (`orderField`): the `reorder` endpoint. */
    reorder?: BtnGuard;
  };
  /**
   * The integer field holding the records' display order (banners, adverts, apps): with
   * `permissions.reorder`, `<name>.reorder` takes ids in their new order and gives them the
   * order values they held, in one transaction; a list page with `dragSort` drags rows to call it.
   * The `defaultSort` must be this field, ascending.
   */
  orderField?: string;
  /** Adds an enabled flag and the enable/disable endpoint. */
  enable?: boolean;
  /**
   * A view over a table the core writes (login log...): only list, detail, options and export,
   * and no audit columns are assumed.
   */
  readOnly?: boolean;
  /** Rows belong to a project (project_id) and follow the caller's data scope. */
  scope?: 'project';
  /** Field shown as a record's label in selects and trees; default "name". */
  labelField?: string;
  /**
   * How another resource's lists, details and exports name a record that a `ref` field points at,
   * when labelField alone is ambiguous: fields in braces, e.g. "{building_name} {unit_no}单元 {room_no}".
   * Default: labelField.
   */
  refLabel?: string;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /**
   * Most rows one list call may ask for; default 200. Raise it for screens that show large
   * pages (records, logs), whose list pages then offer the size in `pageSizeOptions`.
   */
  maxPageSize?: PageSize;
  indexes?: string[][];
  /** The record's lifecycle; adds "<name>.transition" and "<name>.timeline". */
  workflow?: WorkflowDef;
  /** Approval kinds of the records (the approval engine), naming transitions of `workflow`. */
  approval?: ApprovalDeclaration | ApprovalDeclaration[];
  /** Records that cannot be changed, disabled or deleted (such as the administrator role). */
  locked?: { field: string; values: (string | number)[]; message: string };
  /**
   * Rules across fields and records that the server checks on every write (add, update, import,
   * a user's workflow move), refusing with the rule's Chinese message.
   */
  rules?: ResourceRule[];
  /** Refuse deleting a record that others still refer to: a resource, or a table of the core (staff_role, post_role, staff_post). */
  deleteGuards?: { resource: string; field: string; message: string }[];
  /**
   * Browser caches that a successful write through this resource (add, update, delete, enable,
   * transition) makes stale: `["menus"]` for the menu entries, `["dictionaries"]` for dictionary items.
   * @minItems 1
   * @uniqueItems true
   */
  /**
   * Excel import of records with child rows (capability 10, nested import): a row filling the
   * record's columns starts a record, and the rows under it filling only the child `columns`
   * are the items of its JSON list `field` (a question and its options). The template shows the
   * record's columns then the child columns; a record row may carry its first child too. All or
   * nothing: any bad row (a child before any record, an item its shape refuses, a hook's
   * refusal) rejects the file, naming each row 「第 N 行：…」. The resource's hooks
   * (`beforeSave`, `afterSave`) run for each imported record as they do for an add.
   */
  nestedImport?: NestedImport;
  invalidates?: Invalidation[];  /** Child records this record generates by a recurring rule (a plan's tasks), on the timers' clock. */
  schedule?: ScheduleDef;
}

/** The child rows of a nested import: a JSON list field of the record and the item members its columns fill. */
export interface NestedImport {
  /** A `json` field whose shape is a list of objects. @pattern ^[a-z][a-z0-9_]*$ */
  field: string;
  /**
   * The child columns in template order: `key` a member of the list's item shape, `title` its
   * column header. A boolean member reads 是 / 否, a number member a number.
   * @minItems 1
   */
  columns: { key: string; title: string }[];
}

/**
 * Recurring generation (issue 31, capability 4): each record whose `when` holds makes one child
 * record per day its rule gives, inside its date window: `day` every day, `week` on the ISO
 * weekdays (1 Monday … 7 Sunday) listed in `days`, `month` on the days of the month listed,
 * `fixed` on the dates listed ("2026-12-01"). A child is made once its period's start, less the
 * lead minutes, has come; the child's (parentField, periodField) is unique, so a period is made
 * once however often the clock runs, and a server that was down catches up on the periods it
 * missed (at most `catchUpDays` back) without duplicates.
 */
export interface ScheduleDef {
  /** The resource of the records made. */
  child: string;
  /** The child's field holding this record's id (a ref to this resource). */
  parentField: string;
  /** The child's text field holding the period ("2026-11-28"), unique within parentField. */
  periodField: string;
  /** The parent's fields that state the rule. */
  rule: {
    /** Text field: day, week, month or fixed. */
    period: string;
    /** JSON field: the weekdays, days of the month or dates. */
    days: string;
    /** Text fields "YYYY-MM-DD": the first and last day of the window. */
    startDate: string;
    endDate: string;
    /** Text fields "HH:mm": the period's hours within its day (default the whole day). */
    startTime?: string;
    endTime?: string;
    /** Integer field: minutes before the period's start that its child is made. */
    leadMinutes?: string;
  };
  /** Which parent records generate (say, status enabled). */
  when?: Condition[];
  /** The child's datetime fields given the period's start and end. */
  startField?: string;
  endField?: string;
  /** Child field ← parent field, copied into each child. */
  copy?: Record<string, string>;
  /** Child field ← a value, set on each child. */
  set?: Record<string, string | number | boolean | null>;
  /** How many days back a server that was down catches up (default 7). @minimum 0 @maximum 62 */
  catchUpDays?: number;
}

/** How a report groups rows: by a column's value, or a datetime column's day or month. */
export interface ReportDimension {
  /** Identifier sent as `groupBy`. @pattern ^[a-zA-Z][a-zA-Z0-9_]*$ */
  name: string;
  title: string;
  /** Column of the source table. @pattern ^[a-z][a-z0-9_]*$ */
  field: string;
  bucket?: 'day' | 'month';
  /**
   * Groups by a column reached through the reference in `field`: the `field` of the `table` row
   * whose id the source row holds (a service type's parent category, a point's type).
   */
  via?: { table: string; field: string };
  /** Names the values: by the id of a record of this table (its `name`, or a resource's labelField)... */
  labelTable?: string;
  /** ...or by the items of this dictionary code... */
  dict?: string;
  /** ...or by these fixed names. */
  enum?: Record<string, string>;
}

/**
 * Which rows a report or measure counts: a Condition, or a test of emptiness, or a comparison
 * with another column of the same row, all of which must hold.
 */
export interface ReportCondition {
  /** @pattern ^[a-z][a-z0-9_]*$ */
  field: string;
  equals?: string | number | boolean | null;
  in?: (string | number | boolean)[];
  notIn?: (string | number | boolean)[];
  /** true: the field is empty; false: it has a value. */
  isNull?: boolean;
  /** The field has a value no later (no greater) than this other column's, both set: "accepted before the response deadline". @pattern ^[a-z][a-z0-9_]*$ */
  notAfter?: string;
  /** The field has a value later (greater) than this other column's, both set. @pattern ^[a-z][a-z0-9_]*$ */
  after?: string;
  /** Tests the `field` of the `table` row that this row's `field` refers to (a record's plan's stripe) instead. */
  via?: { table: string; field: string };
}

/** A column of the drill-down list: the records behind a figure. */
export interface ReportDrillColumn {
  /** @pattern ^[a-z][a-z0-9_]*$ */
  field: string;
  title: string;
  /** Names a reference, a dictionary value or a fixed value, as a dimension does. */
  labelTable?: string;
  dict?: string;
  enum?: Record<string, string>;
  /** A millisecond timestamp shown as a date and time. */
  datetime?: boolean;
}

/** One figure of each group (and of all rows together, for the cards). */
export interface ReportMeasure {
  /** Identifier in answers and page schemas. @pattern ^[a-zA-Z][a-zA-Z0-9_]*$ */
  name: string;
  title: string;
  /**
   * count: rows (matching `where`, if given); sum, avg, max, min: of `field` over those rows;
   * rate: the percentage of rows that match `where` (0–100, one decimal).
   */
  agg: 'count' | 'sum' | 'avg' | 'max' | 'min' | 'rate' | 'distinct' | 'ratio';
  /** Column summed or averaged (distinct: whose different values are counted). @pattern ^[a-z][a-z0-9_]*$ */
  field?: string;
  /** Instead of `field`: the minutes from one datetime column to another (rows with both set). */
  duration?: { from: string; to: string };
  /** ratio: 100 × this measure ÷ `denominator`, per group and in total (0–100, one decimal). */
  numerator?: string;
  denominator?: string;
  /**
   * The rows it counts: one condition, or a list of conditions that must all hold, each on its own
   * column (state done and finished no later than the deadline: a value test and a two-column comparison).
   */
  where?: ReportCondition | ReportCondition[];
  /**
   * Counts over another table than the report's source (houses beside households), so a ratio may
   * divide measures of two sources: its rows follow the same data scope and project filter, and are
   * grouped by the column `keys` names for each dimension of the report (every dimension is mapped).
   */
  from?: ReportMeasureSource;
  /** How it is shown; default "number" ("percent" for rate). */
  cell?: 'number' | 'money' | 'duration' | 'percent';
}

/** The second source of a measure (ReportMeasure `from`). */
export interface ReportMeasureSource {
  /** A resource's or a core table. @pattern ^[a-z][a-z0-9_]*$ */
  source: string;
  /** Its column holding the project id: its rows follow the caller's data scope and the project filter. @pattern ^[a-z][a-z0-9_]*$ */
  projectField?: string;
  /** Its datetime column the date range filters; without it the range does not narrow this source (houses stand whatever the dates). @pattern ^[a-z][a-z0-9_]*$ */
  dateField?: string;
  /** For each dimension of the report (by name), this source's column holding the same value; a bucket dimension buckets it alike. */
  keys: Record<string, string>;
  /** For each of the report's own `filters`, this source's column filtered alike (every filter is mapped). */
  filters?: Record<string, string>;
}

/**
 * A statistics report declared as data: the server answers `<name>.query` (figures per group
 * and in total) and `<name>.export` (the same as Excel) from it, following the caller's data scope.
 */
export interface ReportDef {
  $schema?: string;
  /** @pattern ^[a-z][a-zA-Z0-9_]*$ */
  name: string;
  title: string;
  /** Service prefix, e.g. "task". */
  service: string;
  /** Path under the service. @pattern ^/[A-Za-z0-9/_-]+$ */
  path: string;
  /** Table whose rows are counted: a resource's or a core table (work_order, customer...). @pattern ^[a-z][a-z0-9_]*$ */
  source: string;
  /** Datetime column (milliseconds) that the date range filters. */
  dateField?: string;
  /** Column holding the project id: rows follow the caller's data scope and the project filter. */
  projectField?: string;
  /** Other columns the page may filter on exactly. */
  filters?: string[];
  /** Rows of the source the report counts at all, e.g. only repair orders. */
  where?: ReportCondition[];
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
  /** Opens the records behind a figure (`<name>.drill`), listed with these columns and exported in the background. */
  drill?: { columns: ReportDrillColumn[] };
  /** What each figure counts, shown on the page as help. Keys are measure names. */
  definitions?: Record<string, string>;
  permissions: { view: BtnGuard; export?: BtnGuard };
}

/** A call that is not generated from a resource, referred to by id from page schemas. */
export interface EndpointDef {
  id: string;
  service: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Body encoding of a POST; default json. */
  encoding?: 'json' | 'form' | 'multipart';
  btnCode?: BtnGuard;
  /**
   * Browser caches that a successful call makes stale (see ResourceDef `invalidates`, which sets
   * it on a resource's writes); only for calls that write, not GET.
   * @minItems 1
   * @uniqueItems true
   */
  invalidates?: Invalidation[];
}

export interface EndpointCatalogue {
  $schema?: string;
  endpoints: EndpointDef[];
}
