/// \file UnitArt.cpp
/// UnitArt: loading the units' sprite sheets, packing them into textures, and the sprites in
/// view.
#include "game/view/UnitArt.hpp"

#include "game/common/DataDir.hpp"
#include "game/common/SfmlVec.hpp"

#include <algorithm>
#include <filesystem>
#include <string>

namespace game {

void UnitArt::load(const Party& party, MessageLog& messages)
{
    m_characters.clear();
    m_textures.clear();
    m_unitSheets.clear();
    const std::filesystem::path dir = assetsDir();
    std::vector<sf::Image> images;
    std::vector<std::string> failed;  // names whose sheet did not load (said once)
    for (std::size_t index = 0; index < party.units().size(); ++index) {
        const Unit& u = party.units()[index];
        m_unitSheets.push_back({party.handle(int(index)), -1});
        int& wears = m_unitSheets.back().second;
        // Several units may share a character.
        for (std::size_t i = 0; i < m_characters.size(); ++i)
            if (m_characters[i].sheet.name == u.name)
                wears = int(i);
        if (wears >= 0 || std::find(failed.begin(), failed.end(), u.name) != failed.end())
            continue;
        failed.push_back(u.name);  // until it loaded
        const std::string path = (dir / "party" / (u.name + ".json")).string();
        if (!std::filesystem::exists(path))
            continue;
        auto sheet = isostar::anim::loadSpriteSheet(path);
        if (!sheet) {
            for (const isostar::Diagnostic& d : sheet.diagnostics())
                messages.say(isostar::formatDiagnostic(d), true);
            continue;
        }
        sf::Image image;
        if (!image.loadFromFile(sheet.value().image)) {
            messages.say(sheet.value().image + ": error: cannot load sprite sheet image", true);
            continue;
        }
        failed.pop_back();
        m_characters.push_back({std::move(sheet).value(), 0, 0});
        m_characters.back().sheet.name = u.name;
        images.push_back(std::move(image));
        wears = int(m_characters.size()) - 1;
    }
    if (!pack(images)) {
        messages.say("error: cannot make a texture of the units' sprite sheets", true);
        m_characters.clear();
        m_textures.clear();
        for (auto& [handle, wears] : m_unitSheets)
            wears = -1;
    }
}

bool UnitArt::pack(const std::vector<sf::Image>& images)
{
    // Sheets stacked top to bottom; a new texture when the next would pass the GL's limit.
    const unsigned limit = sf::Texture::getMaximumSize();
    std::size_t first = 0;
    while (first < images.size()) {
        std::size_t end = first;
        unsigned width = 0, height = 0;
        while (end < images.size() && (end == first || height + images[end].getSize().y <= limit)) {
            width = std::max(width, images[end].getSize().x);
            height += images[end].getSize().y;
            ++end;
        }
        sf::Image packed;
        packed.create(width, height, sf::Color::Transparent);
        unsigned top = 0;
        for (std::size_t i = first; i < end; ++i) {
            packed.copy(images[i], 0, top);
            m_characters[i].texture = int(m_textures.size());
            m_characters[i].top = int(top);
            top += images[i].getSize().y;
        }
        auto texture = std::make_unique<sf::Texture>();
        if (!texture->loadFromImage(packed))
            return false;
        texture->setSmooth(false);
        m_textures.push_back(std::move(texture));
        first = end;
    }
    return true;
}

int UnitArt::characterOf(const Party& party, std::size_t index) const
{
    if (index >= m_unitSheets.size() || party.indexOf(m_unitSheets[index].first) != int(index))
        return -1;
    return m_unitSheets[index].second;
}

const isostar::anim::SpriteSheet* UnitArt::sheetOf(const Party& party, std::size_t index) const
{
    const int c = characterOf(party, index);
    return c < 0 ? nullptr : &m_characters[std::size_t(c)].sheet;
}

void UnitArt::sprites(const Party& party, const isostar::iso::Projection& projection, const sf::FloatRect& view,
                      std::vector<isostar::render::SpriteItem>& out) const
{
    for (std::size_t i = 0; i < party.units().size(); ++i) {
        const int c = characterOf(party, i);
        if (c < 0)
            continue;
        const Unit& u = party.units()[i];
        const Character& art = m_characters[std::size_t(c)];
        const isostar::anim::SpriteSheet& sheet = art.sheet;
        // A unit bigger than a cell stands on the centre of its footprint, and is sorted by it
        // among the map's tall tiles: every cell outside the footprint whose tile it could
        // overlap on screen lies wholly behind or wholly in front of that centre (see
        // docs/ARCHITECTURE.md, "Drawing big units").
        const isostar::TilePos centre = footprintCentre(u);
        const sf::Vector2f feet = toV(projection.tileToWorld(centre));
        const float left = feet.x - float(sheet.originX), top = feet.y - float(sheet.originY);
        if (left >= view.left + view.width || left + float(sheet.frameWidth) <= view.left ||
            top >= view.top + view.height || top + float(sheet.frameHeight) <= view.top)
            continue;  // the frame misses the view
        const isostar::anim::AnimationClip* clip = sheet.find(u.anim.clip, u.facing);
        if (!clip || clip->frames.empty())
            clip = sheet.find("idle", u.facing);
        if (!clip || clip->frames.empty())
            continue;
        const isostar::anim::FrameRect r = clip->frames[std::size_t(clip->frameIndexAt(u.anim.timeSec))].rect;
        isostar::render::SpriteItem item;
        item.texture = m_textures[std::size_t(art.texture)].get();
        item.rect = sf::IntRect(r.x, r.y + art.top, r.w, r.h);
        item.feet = feet;
        item.origin = sf::Vector2f(float(sheet.originX), float(sheet.originY));
        item.tile = centre;
        out.push_back(item);
    }
}

} // namespace game
