import { Badge, Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { getStaffName } from '../core/session.ts';
import { call } from './data.ts';
import { engineHost } from './host.ts';
import type { DashboardFigure, DashboardPage as DashboardSchema } from '../shared/schemaTypes.ts';

/** One to-do a source answers: how many, and the screen (and its filters) that lists exactly them. */
interface Todo {
  key: string;
  title: string;
  count: number;
  route: string;
  query?: Record<string, string>;
}

/** The address of a figure's or to-do's screen, with its query (`{today}` as today's date). */
function linkTo(route: string, query?: Record<string, string>): string {
  if (!query) return route;
  const today = dayjs().format('YYYY-MM-DD');
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v.replaceAll('{today}', today)]));
  return `${route}?${search}`;
}

/** Each source's `data`, by its name; a source that failed is missing, so its cards leave it out. */
type Answers = Record<string, unknown>;

async function loadSources(sources: Record<string, string>): Promise<Answers> {
  const entries = await Promise.all(
    Object.entries(sources).map(async ([name, id]) => {
      const answer = await call(id).catch(() => undefined);
      return answer?.status === '200' ? [[name, answer.data]] : [];
    }),
  );
  return Object.fromEntries(entries.flat());
}

/** The value at a dotted path of a source's answer; undefined when the source or the path is missing. */
function valueAt(answers: Answers, source: string, field: string): unknown {
  return field.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), answers[source]);
}

function FigureCard({ figure, value, loading }: { figure: DashboardFigure; value: unknown; loading: boolean }) {
  const navigate = useNavigate();
  const empty = value === null || value === undefined;
  return (
    <Card loading={loading} hoverable={Boolean(figure.route)} onClick={figure.route ? () => navigate(linkTo(figure.route!, figure.query)) : undefined} aria-label={figure.title}>
      <Statistic title={figure.title} value={empty ? '-' : (value as number | string)} suffix={empty ? undefined : figure.suffix} />
    </Card>
  );
}

/** A landing page (kind "dashboard"): to-dos and figures read from the declared calls, and the cards modules draw. */
export default function DashboardPage({ page }: { page: DashboardSchema }) {
  const navigate = useNavigate();
  const { data: answers = {}, loading } = useRequest(() => loadSources(page.sources), { refreshDeps: [page] });
  const todos = (page.todos?.from ?? []).flatMap(({ source, field }) => (valueAt(answers, source, field) as Todo[] | undefined) ?? []);
  // A figure whose source answered without it (not the caller's business) is left out; one still loading shows its card.
  const figures = (page.figures?.items ?? []).filter((f) => loading || valueAt(answers, f.source, f.field) !== undefined);
  return (
    <>
      {page.greeting && <Typography.Title level={4}>{getStaffName()}，您好</Typography.Title>}
      <Row gutter={[16, 16]}>
        {page.todos && (
          <Col xs={24} lg={12}>
            <Card title={page.todos.title} loading={loading}>
              {todos.length ? (
                <List
                  dataSource={todos}
                  renderItem={(t) => (
                    <List.Item key={t.key} style={{ cursor: 'pointer' }} onClick={() => navigate(linkTo(t.route, t.query))} extra={<Badge count={t.count} showZero color={t.count ? '#fa8c16' : '#d9d9d9'} overflowCount={999} />}>
                      <Typography.Link>{t.title}</Typography.Link>
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
              )}
            </Card>
          </Col>
        )}
        {(page.widgets ?? []).map(({ title, widget }) => {
          const Widget = engineHost().widget(widget);
          return (
            <Col xs={24} lg={12} key={widget}>
              <Card title={title}>
                <Suspense fallback={null}>
                  <Widget />
                </Suspense>
              </Card>
            </Col>
          );
        })}
      </Row>
      {page.figures && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {page.figures.title}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {figures.map((f) => (
              <Col xs={12} md={8} xl={6} key={f.title}>
                <FigureCard figure={f} value={valueAt(answers, f.source, f.field)} loading={loading} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </>
  );
}
