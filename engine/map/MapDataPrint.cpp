// Text dumps of MapData for test failure messages (Catch2 prints values with operator<<).

#include "engine/map/MapData.hpp"

#include "engine/map/MapEnums.hpp"

#include <ostream>

namespace isostar::map {

namespace {

template <typename T>
void printOptional(std::ostream& os, const char* name, const std::optional<T>& v)
{
    if (v)
        os << ' ' << name << '=' << *v;
}

void printProperties(std::ostream& os, const Properties& props, const char* indent)
{
    for (const Property& p : props)
        os << indent << p << '\n';
}

} // namespace

std::ostream& operator<<(std::ostream& os, const Color& c)
{
    return os << "rgba(" << int(c.r) << ',' << int(c.g) << ',' << int(c.b) << ',' << int(c.a) << ')';
}

std::ostream& operator<<(std::ostream& os, const Vec2& v)
{
    return os << '(' << v.x << ',' << v.y << ')';
}

std::ostream& operator<<(std::ostream& os, const Property& p)
{
    os << "property " << p.name << ':' << int(p.type);
    if (!p.propertyType.empty())
        os << '<' << p.propertyType << '>';
    os << " = \"" << p.value << '"';
    if (!p.members.empty()) {
        os << " {";
        for (const Property& m : p.members)
            os << ' ' << m << ';';
        os << " }";
    }
    return os;
}

std::ostream& operator<<(std::ostream& os, const TileInfo& t)
{
    os << "tile " << t.id << " class=" << t.className << " p=" << t.probability;
    if (!t.image.empty())
        os << " image=" << t.image << ' ' << t.imageWidth << 'x' << t.imageHeight;
    if (t.width > 0)
        os << " rect=" << t.x << ',' << t.y << ' ' << t.width << 'x' << t.height;
    for (const AnimationFrame& f : t.animation)
        os << " frame(" << f.tileId << ',' << f.durationMs << "ms)";
    for (const Property& p : t.properties)
        os << " [" << p << ']';
    return os;
}

std::ostream& operator<<(std::ostream& os, const Tileset& t)
{
    os << "tileset \"" << t.name << "\" class=" << t.className << " firstgid=" << t.firstGid
       << " source=" << t.source << " tile=" << t.tileWidth << 'x' << t.tileHeight
       << " spacing=" << t.spacing << " margin=" << t.margin << " count=" << t.tileCount
       << " columns=" << t.columns << " offset=" << t.tileOffset << " align=" << toString(t.objectAlignment)
       << " render=" << toString(t.tileRenderSize) << " fill=" << toString(t.fillMode)
       << " grid=" << (t.gridIsometric ? "iso " : "ortho ") << t.gridWidth << 'x' << t.gridHeight
       << " image=" << t.image << ' ' << t.imageWidth << 'x' << t.imageHeight;
    printOptional(os, "trans", t.transparentColor);
    printOptional(os, "bg", t.backgroundColor);
    os << '\n';
    printProperties(os, t.properties, "    ");
    for (const TileInfo& ti : t.tiles)
        os << "    " << ti << '\n';
    for (const WangSet& w : t.wangSets) {
        os << "    wangset \"" << w.name << "\" type=" << int(w.type) << " tile=" << w.tile
           << " colors=" << w.colors.size() << " tiles=" << w.tiles.size() << '\n';
        for (const WangColor& c : w.colors)
            os << "      color \"" << c.name << "\" " << c.color << " tile=" << c.tile
               << " p=" << c.probability << '\n';
    }
    return os;
}

std::ostream& operator<<(std::ostream& os, const Object& o)
{
    os << "object " << o.id << " \"" << o.name << "\" class=" << o.className << " shape="
       << int(o.shape) << " at " << Vec2{o.x, o.y} << " size " << o.width << 'x' << o.height
       << " rot=" << o.rotation << " visible=" << o.visible << " gid=" << o.gid
       << " flip=" << int(o.flipFlags);
    for (const Vec2& p : o.points)
        os << ' ' << p;
    if (o.shape == ObjectShape::Text)
        os << " text=\"" << o.text.text << "\" font=" << o.text.fontFamily << ' '
           << o.text.pixelSize << " color=" << o.text.color << " align=" << toString(o.text.hAlign) << ','
           << toString(o.text.vAlign);
    if (!o.templatePath.empty())
        os << " template=" << o.templatePath;
    for (const Property& p : o.properties)
        os << " [" << p << ']';
    return os;
}

std::ostream& operator<<(std::ostream& os, const TileGrid& g)
{
    os << "grid at (" << g.originX << ',' << g.originY << ") " << g.width << 'x' << g.height;
    if (g.gids.size() <= 64) {
        os << " gids";
        for (std::size_t i = 0; i < g.gids.size(); ++i)
            os << ' ' << g.gids[i] << (g.flipFlags.size() > i && g.flipFlags[i] ? "f" : "");
    }
    return os;
}

std::ostream& operator<<(std::ostream& os, const Layer& l)
{
    os << "layer " << l.id << " \"" << l.name << "\" type=" << int(l.type) << " class=" << l.className
       << " visible=" << l.visible << " locked=" << l.locked << " opacity=" << l.opacity
       << " offset=" << l.offset << " parallax=" << l.parallax;
    printOptional(os, "tint", l.tintColor);
    os << '\n';
    printProperties(os, l.properties, "    ");
    switch (l.type) {
    case LayerType::Tile:
        os << "    " << l.encoding << ' ' << l.compression << ' ' << l.tiles << '\n';
        break;
    case LayerType::Object:
        os << "    draworder=" << toString(l.drawOrder);
        printOptional(os, "color", l.color);
        os << '\n';
        for (const Object& o : l.objects)
            os << "    " << o << '\n';
        break;
    case LayerType::Image:
        os << "    image=" << l.image << ' ' << l.imageWidth << 'x' << l.imageHeight
           << " repeat=" << l.repeatX << l.repeatY << '\n';
        break;
    case LayerType::Group:
        for (const Layer& c : l.layers)
            os << "  (in " << l.name << ") " << c;
        break;
    }
    return os;
}

std::ostream& operator<<(std::ostream& os, const MapData& m)
{
    os << "map " << m.path << " version=" << m.version << " tiled=" << m.tiledVersion
       << " class=" << m.className << " orientation=" << int(m.orientation)
       << " renderorder=" << int(m.renderOrder) << " size=" << m.width << 'x' << m.height
       << " tile=" << m.tileWidth << 'x' << m.tileHeight << " hexside=" << m.hexSideLength
       << " stagger=" << int(m.staggerAxis) << int(m.staggerIndex) << " infinite=" << m.infinite
       << " compression=" << m.compressionLevel << " parallaxorigin=" << m.parallaxOrigin
       << " next=" << m.nextLayerId << ',' << m.nextObjectId;
    printOptional(os, "bg", m.backgroundColor);
    os << '\n';
    printProperties(os, m.properties, "  ");
    for (const Tileset& t : m.tilesets)
        os << "  " << t;
    for (const Layer& l : m.layers)
        os << "  " << l;
    return os;
}

} // namespace isostar::map
