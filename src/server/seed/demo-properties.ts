import { layouts, panoramaHotspots, photos } from '#server/db/schema/documentation.ts';
import { projects, units } from '#server/db/schema/projects.ts';
import type { Rgb } from '#server/images/png-raster.ts';
import { panorama } from '#server/panorama/demo-panorama.ts';
import {
  aerialPhoto,
  buildingThumbnail,
  floorPlan,
  inWallPhoto,
  PLAN_HEIGHT,
  PLAN_WIDTH,
  planUnitCenter,
  thermalPhoto,
} from './demo-images.ts';
import { daysAgo, type SeedContext, storePicture } from './seed-context.ts';

export type ProjectKey = 'aspen' | 'cherryCreek' | 'oldTown';

interface ProjectSeed {
  key: ProjectKey;
  name: string;
  address: string;
  city: string;
  /** The building's own coordinates (WGS 84), as staff would read them off a map. */
  latitude: number;
  longitude: number;
  isActive: boolean;
  facade: Rgb;
}

const PROJECTS: ProjectSeed[] = [
  {
    key: 'aspen',
    name: 'Aspen Ridge Apartments',
    address: '2150 S Monaco Pkwy, Denver, CO 80222',
    city: 'Denver',
    latitude: 39.6787,
    longitude: -104.9127,
    isActive: true,
    facade: [176, 110, 84],
  },
  {
    key: 'cherryCreek',
    name: 'Cherry Creek Lofts',
    address: '300 Fillmore St, Denver, CO 80206',
    city: 'Denver',
    latitude: 39.7207,
    longitude: -104.9543,
    isActive: true,
    facade: [150, 150, 142],
  },
  {
    key: 'oldTown',
    name: 'Old Town Flats',
    address: '218 Linden St, Fort Collins, CO 80524',
    city: 'Fort Collins',
    latitude: 40.5893,
    longitude: -105.0747,
    isActive: false,
    facade: [196, 168, 120],
  },
];

/** Ten units a property, 101 to 110: one floor of the seeded floor plan. */
export const UNIT_NUMBERS = ['101', '102', '103', '104', '105', '106', '107', '108', '109', '110'] as const;
export type UnitNumber = (typeof UNIT_NUMBERS)[number];

export interface DemoProperties {
  projects: Record<ProjectKey, number>;
  /** Unit ids by project, then by number. */
  units: Record<ProjectKey, Record<UnitNumber, number>>;
}

export async function seedProperties(context: SeedContext, clientId: number): Promise<DemoProperties> {
  const { db } = context;
  const thumbnails = await Promise.all(
    PROJECTS.map((project, index) =>
      context.files
        ? storePicture(
            context.files,
            `thumbnail-${project.key}`,
            buildingThumbnail(index, project.facade, 5 + index),
          )
        : undefined,
    ),
  );
  const projectRows = await db
    .insert(projects)
    .values(
      PROJECTS.map((project, index) => ({
        clientId,
        name: project.name,
        address: project.address,
        city: project.city,
        latitude: project.latitude,
        longitude: project.longitude,
        isActive: project.isActive,
        thumbnailKey: thumbnails[index]?.storageKey ?? null,
        createdAt: daysAgo(context, 110 - index * 10),
      })),
    )
    .returning({ id: projects.id });

  const unitRows = await db
    .insert(units)
    .values(
      projectRows.flatMap((project) => UNIT_NUMBERS.map((number) => ({ projectId: project.id, number }))),
    )
    .returning({ id: units.id, projectId: units.projectId, number: units.number });

  const result: DemoProperties = {
    projects: {} as Record<ProjectKey, number>,
    units: {} as Record<ProjectKey, Record<UnitNumber, number>>,
  };
  PROJECTS.forEach((project, index) => {
    const projectId = projectRows[index]!.id;
    result.projects[project.key] = projectId;
    result.units[project.key] = Object.fromEntries(
      unitRows.filter((unit) => unit.projectId === projectId).map((unit) => [unit.number, unit.id]),
    ) as Record<UnitNumber, number>;
  });

  if (context.files) await seedDocumentation(context, result);
  return result;
}

/** Where the seeded in-wall 360 photos stand, and what the close-ups inside them show. */
const PINS: { unitIndex: number; caption: string; closeUps: [string, string] }[] = [
  {
    unitIndex: 0,
    caption: 'Kitchen wet wall before drywall',
    closeUps: ['Copper supply lines and shut-offs', 'Drain vent behind the sink'],
  },
  {
    unitIndex: 3,
    caption: 'Bathroom plumbing wall',
    closeUps: ['PEX manifold to the shower valve', 'Fire blocking at mid-height'],
  },
  {
    unitIndex: 5,
    caption: 'Living room electrical run',
    closeUps: ['Junction box above the outlet', 'Cable stapled along the stud'],
  },
  {
    unitIndex: 7,
    caption: 'Hallway HVAC chase',
    closeUps: ['Supply duct in the ceiling chase', 'Thermostat wire to the air handler'],
  },
  {
    unitIndex: 9,
    caption: 'Laundry closet rough-in',
    closeUps: ['Washer box supply and drain', 'Dryer vent route to the exterior'],
  },
];

async function seedDocumentation(context: SeedContext, properties: DemoProperties): Promise<void> {
  const { db } = context;
  const files = context.files!;
  const [plan, spheres, closeUps] = await Promise.all([
    storePicture(files, 'floor-plan-level-1', floorPlan(UNIT_NUMBERS)),
    Promise.all([0, 1, 2].map((variant) => storePicture(files, `in-wall-360-${variant}`, panorama(variant)))),
    Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((variant) =>
        storePicture(files, `in-wall-${variant}`, inWallPhoto(variant)),
      ),
    ),
  ]);

  for (const key of ['aspen', 'cherryCreek', 'oldTown'] as const) {
    const projectId = properties.projects[key];
    const [layout] = await db
      .insert(layouts)
      .values({
        projectId,
        name: 'Level 1',
        storageKey: plan.storageKey,
        contentType: plan.contentType,
        widthPx: PLAN_WIDTH,
        heightPx: PLAN_HEIGHT,
        // The plan is drawn 108 ft wide inside its margins: 1080 px, a tenth of a foot each.
        feetPerPixel: 0.1,
      })
      .returning({ id: layouts.id });
    const pinRows = await db
      .insert(photos)
      .values(
        PINS.map((pin, index) => {
          const center = planUnitCenter(pin.unitIndex);
          const sphere = spheres[index % spheres.length]!;
          return {
            projectId,
            layoutId: layout!.id,
            unitId: properties.units[key][UNIT_NUMBERS[pin.unitIndex]!],
            kind: 'in_wall' as const,
            is360: true,
            ...sphere,
            x: center.x + 0.04,
            y: center.y + 0.05,
            caption: `Unit ${UNIT_NUMBERS[pin.unitIndex]}: ${pin.caption}`,
            takenAt: daysAgo(context, 400 - index),
          };
        }),
      )
      .returning({ id: photos.id });
    await db.insert(panoramaHotspots).values(
      pinRows.flatMap((pinRow, index) =>
        PINS[index]!.closeUps.map((caption, side) => ({
          photoId: pinRow.id,
          pitch: side === 0 ? -10 : 15,
          yaw: side === 0 ? -40 + index * 5 : 60 - index * 5,
          ...pick(closeUps[(index * 2 + side) % closeUps.length]!),
          caption,
        })),
      ),
    );
  }

  const [aerial, thermal] = await Promise.all([
    storePicture(files, 'drone-aspen', aerialPhoto()),
    storePicture(files, 'thermal-aspen', thermalPhoto()),
  ]);
  await db.insert(photos).values([
    {
      projectId: properties.projects.aspen,
      kind: 'drone',
      ...aerial,
      caption: 'Roof and east parking lot after the spring storm',
      takenAt: daysAgo(context, 30),
    },
    {
      projectId: properties.projects.aspen,
      kind: 'thermal',
      ...thermal,
      caption: 'Heat loss around the unit 104 living room window',
      takenAt: daysAgo(context, 45),
    },
  ]);
}

function pick(picture: { storageKey: string; contentType: string }) {
  return { storageKey: picture.storageKey, contentType: picture.contentType };
}
