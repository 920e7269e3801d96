import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { centerOf, DEFAULT_MAP_ZOOM, MAP_TILE_URL, POINT_COLORS, TILE_WAIT_MS, type MapPoint } from './map-points';

/** On a touch screen a one-finger drag scrolls the page past the map instead of panning it; pinch still zooms. */
const IS_TOUCH = typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

interface LocationsMapProps {
  points: readonly MapPoint[];
  /** Tiles failed, or none arrived in time: the caller shows the fallback sentence instead. */
  onUnavailable: () => void;
}

/**
 * The Leaflet map itself, in a chunk of its own (Leaflet and its CSS stay out of the main bundle). It opens on the
 * middle of the points at the spec's zoom; the first tile error, or no tile within `TILE_WAIT_MS`, gives up.
 */
export default function LocationsMap({ points, onUnavailable }: LocationsMapProps) {
  const hasTile = useRef(false);
  const giveUp = useRef(onUnavailable);
  giveUp.current = onUnavailable;
  // The view is set once; later updates move the dots, not the map under the user's hand.
  const [center] = useState(() => centerOf(points));

  useEffect(() => {
    const timer = setTimeout(() => {
      if (!hasTile.current) giveUp.current();
    }, TILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <MapContainer center={center} zoom={DEFAULT_MAP_ZOOM} scrollWheelZoom={false} dragging={!IS_TOUCH} style={{ height: '100%', width: '100%' }}>
      <TileLayer
        url={MAP_TILE_URL}
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        eventHandlers={{
          tileerror: () => giveUp.current(),
          tileload: () => {
            hasTile.current = true;
          },
        }}
      />
      {points.map((p) => (
        <CircleMarker
          key={p.key}
          center={[p.latitude, p.longitude]}
          radius={p.kind === 'technician' ? 9 : 7}
          pathOptions={{ color: '#fff', weight: 2, fillColor: POINT_COLORS[p.kind], fillOpacity: 0.9 }}
        >
          <Tooltip>
            <strong>{p.label}</strong>
            {p.detail && <div>{p.detail}</div>}
          </Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
