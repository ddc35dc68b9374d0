import { useLocation } from 'react-router-dom';
import { storedMenus, useMenusVersion } from '../../engine/permissions.tsx';
import { menuTrail } from './menuTrail.ts';

/** The top bar's 当前位置: the current screen's menu path (menuTrail.ts), plain text. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  useMenusVersion();
  const { trail } = menuTrail(pathname, storedMenus());
  return (
    <nav aria-label="当前位置" className="pms-breadcrumbs">
      {trail.map((name, i) => (
        <span key={i} aria-current={i === trail.length - 1 ? 'page' : undefined}>
          {i > 0 && <span className="pms-breadcrumbs-sep">/</span>}
          {name}
        </span>
      ))}
    </nav>
  );
}
