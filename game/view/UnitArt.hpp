#pragma once
/// \file UnitArt.hpp
/// The units' sprite sheets and the sprites of a frame. The sheets are packed into as few
/// textures as the GL allows (stacked one above the other, a new texture when the next would
/// not fit; four characters make one texture), so the depth-sorted part of the map draws runs
/// of units in one draw call until a tall tile comes between them (one vertex array per
/// texture run, in depth order, so walls still hide the units behind them). sprites() gives only
/// the units whose frames can reach into the view: a frame costs what is in view, not the size
/// of the crowd.
///
/// \code
/// game::UnitArt art;
/// art.load(party, messages);                  // assets/party/NAME.json per character
/// std::vector<isostar::render::SpriteItem> items;
/// art.sprites(party, projection, viewRect, items);
/// renderer.draw(target, items);
/// \endcode

#include "engine/anim/SpriteSheet.hpp"
#include "engine/iso/Projection.hpp"
#include "engine/render/SpriteItem.hpp"
#include "game/common/MessageLog.hpp"
#include "game/party/Party.hpp"

#include <SFML/Graphics.hpp>

#include <memory>
#include <utility>
#include <vector>

namespace game {

class UnitArt {
public:
    /// Loads the sprite sheet of every unit (by name, from assets/party/NAME.json; units of one
    /// name share it) into packed textures, and keeps which sheet each unit wears by unit
    /// handle (units spawned later, or of a party reset since, wear none). Problems are said on
    /// `messages`. Needs a GL context.
    void load(const Party& party, MessageLog& messages);
    /// The sheet unit `index` wears, or nullptr (none, or not loaded for it).
    const isostar::anim::SpriteSheet* sheetOf(const Party& party, std::size_t index) const;
    /// Appends the sprites of the units that wear a sheet and whose frames intersect `view`
    /// (world pixels), feet at the projection of their continuous position.
    void sprites(const Party& party, const isostar::iso::Projection& projection, const sf::FloatRect& view,
                 std::vector<isostar::render::SpriteItem>& out) const;
    /// Textures the sheets were packed into.
    std::size_t textureCount() const { return m_textures.size(); }

private:
    struct Character {
        isostar::anim::SpriteSheet sheet;
        int texture = 0;  ///< index in m_textures
        int top = 0;      ///< the sheet's first row in that texture
    };
    /// Index in m_characters of the sheet unit `index` wears, or -1.
    int characterOf(const Party& party, std::size_t index) const;
    /// Packs the loaded images into textures (m_characters' texture and top); false when a
    /// texture could not be made.
    bool pack(const std::vector<sf::Image>& images);

    std::vector<Character> m_characters;
    std::vector<std::unique_ptr<sf::Texture>> m_textures;
    /// Per unit (by handle) the index of its character, -1 none.
    std::vector<std::pair<UnitHandle, int>> m_unitSheets;
};

} // namespace game
