<?xml version="1.0" encoding="UTF-8"?>
<!-- Terrain names from each place Tiled keeps them: tile 0 has a `terrain` property (which wins
     over its wang colour), 1-4 and 8-9 wang colours (corner, mixed and edge sets; 3 and 4 are
     ties), 5 a class, 6 an old-style type, 7 nothing; 8's class loses to its wang colour. -->
<tileset version="1.8" tiledversion="1.8.2" name="names" tilewidth="32" tileheight="32" tilecount="10" columns="5">
 <image source="../../images/terrain.png" width="160" height="64"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="Snow"/>
  </properties>
 </tile>
 <tile id="5" class="Road"/>
 <tile id="6" type="wall"/>
 <tile id="8" class="tree"/>
 <wangsets>
  <wangset name="Ground" type="corner" tile="-1">
   <wangcolor name="Grass" color="#00ff00" tile="1" probability="1"/>
   <wangcolor name="Water" color="#0000ff" tile="-1" probability="1"/>
   <wangcolor name="Snow" color="#ffffff" tile="-1" probability="1"/>
   <wangcolor name="Lake" color="#0000aa" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="0,2,0,2,0,2,0,2"/>
   <wangtile tileid="1" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="2" wangid="0,2,0,2,0,2,0,1"/>
   <wangtile tileid="3" wangid="0,1,0,3,0,1,0,3"/>
   <wangtile tileid="4" wangid="0,4,0,3,0,4,0,3"/>
  </wangset>
  <wangset name="Paths" type="mixed" tile="-1">
   <wangcolor name="Sand" color="#ffff00" tile="-1" probability="1"/>
   <wangcolor name="Rock" color="#777777" tile="-1" probability="1"/>
   <wangtile tileid="8" wangid="1,2,1,2,1,2,2,2"/>
  </wangset>
  <wangset name="Edges" type="edge" tile="-1">
   <wangcolor name="Flowers" color="#ff00ff" tile="-1" probability="1"/>
   <wangtile tileid="9" wangid="1,0,1,0,0,0,0,0"/>
  </wangset>
 </wangsets>
</tileset>
