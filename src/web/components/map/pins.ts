// Leaflet icons of the pins (pinImages.ts draws them).
import L from 'leaflet';
import { MAP } from '../../../common/constants';
import { pinUrl } from '../../../common/pinImages';

const icons = new Map<number, L.Icon>();

/** The Leaflet icon of a chapter type (the Drinking pin for an unknown type). */
export function pinIcon(chapterTypeId: number): L.Icon {
  let icon = icons.get(chapterTypeId);
  if (!icon) {
    const size = MAP.pinSize;
    icon = L.icon({
      iconUrl: pinUrl(chapterTypeId),
      iconSize: [size, size],
      iconAnchor: [size / 2, size - 1],
      popupAnchor: [0, -size + 4],
      className: 'chapter-pin',
    });
    icons.set(chapterTypeId, icon);
  }
  return icon;
}
