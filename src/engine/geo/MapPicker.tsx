import { connect, mapReadPretty } from '@formily/react';
import { geoValue, type GeoKind, type GeoValue } from '../../shared/geo.ts';
import type { MapPickerProps } from '../../shared/schemaTypes.ts';
import { GeoMap } from './GeoMap.tsx';

// The form control of a `geo` field (`"x-component": "MapPicker"`), in its own lazy chunk
// (lazyFieldCode.ts): Leaflet loads only with a form that draws on a map.

interface Props extends MapPickerProps {
  value?: unknown;
  onChange?: (value: GeoValue | null) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

function MapPickerBase({ value, onChange, disabled, mode, ...rest }: Props) {
  return <GeoMap {...rest} mode={mode as GeoKind} value={geoValue(value)} onChange={disabled ? undefined : (v) => onChange?.(v)} />;
}

function MapView({ value, mode, ...rest }: Props) {
  return <GeoMap {...rest} mode={mode as GeoKind} value={geoValue(value)} />;
}

export const MapPicker = connect(MapPickerBase, mapReadPretty(MapView));
