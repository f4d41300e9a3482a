// meshcount MAP: IsoStar::render from outside the project (SFML comes with the package). Builds
// the map's mesh, which needs no window, and prints "layers L textures T"; exits 1 with the
// diagnostics when the map does not load or render.

#include <isostar/engine/core/Diagnostic.hpp>
#include <isostar/engine/map/MapLoader.hpp>
#include <isostar/engine/render/MapMesh.hpp>

#include <iostream>
#include <vector>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: meshcount MAP\n";
        return 2;
    }
    auto map = isostar::map::loadMap(argv[1]);
    if (!map) {
        std::cerr << isostar::formatDiagnostics(map.diagnostics());
        return 1;
    }
    isostar::render::MapMesh mesh;
    std::vector<isostar::Diagnostic> problems;
    if (!isostar::render::buildMapMesh(map.value(), isostar::render::MeshOptions{}, mesh, problems)) {
        std::cerr << isostar::formatDiagnostics(problems);
        return 1;
    }
    std::cout << "layers " << mesh.layers.size() << " textures " << mesh.textures.size() << '\n';
    return mesh.layers.empty() ? 1 : 0;
}
